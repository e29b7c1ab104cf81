import { expect, type Locator, type Page } from "@playwright/test";

/** The dataset page's "Learned answers" section. */
export class LearnedPanel {
  constructor(readonly page: Page) {}

  panel(): Locator {
    return this.page.getByTestId("learned-panel");
  }

  /** The learned answers to `question` (a question set's right answers may sit beside the user's). */
  items(question: string): Locator {
    return this.panel()
      .getByTestId("learned-item")
      .filter({ has: this.page.getByTestId("learned-question").getByText(question, { exact: true }) });
  }

  source(item: Locator): Locator {
    return item.getByTestId("learned-source");
  }

  async forget(item: Locator): Promise<void> {
    await item.getByTestId("learned-delete").click();
    await expect(item).toHaveCount(0);
  }

  exportLink(): Locator {
    return this.panel().getByTestId("learned-export");
  }

  async deleteAll(): Promise<void> {
    await this.panel().getByTestId("learned-delete-all").click();
    await this.page.getByTestId("confirm-yes").click();
    await expect(this.page.getByTestId("learned-empty")).toBeVisible();
  }
}
