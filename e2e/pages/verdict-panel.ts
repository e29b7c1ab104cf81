import type { Locator, Page } from "@playwright/test";

/** The verdict beside an answer (ask page and run page alike). */
export class VerdictPanel {
  constructor(readonly page: Page) {}

  box(): Locator {
    return this.page.getByTestId("answer-verdict");
  }

  words(): Locator {
    return this.page.getByTestId("answer-verdict-words");
  }

  confidence(): Locator {
    return this.page.getByTestId("answer-confidence");
  }

  reason(): Locator {
    return this.page.getByTestId("answer-reason");
  }

  runnerUp(): Locator {
    return this.page.getByTestId("answer-runner-up");
  }

  closest(): Locator {
    return this.page.getByTestId("answer-closest");
  }

  truncated(): Locator {
    return this.page.getByTestId("answer-truncated");
  }
}
