import { expect, type Locator, type Page } from "@playwright/test";

/** A stored run reopened, with its replay controls. */
export class RunPage {
  constructor(readonly page: Page) {}

  async expectLoaded(question: string): Promise<void> {
    await expect(this.page.getByTestId("run-question")).toHaveText(question);
    await expect(this.page.getByTestId("replay")).toBeVisible();
  }

  position(): Locator {
    return this.page.getByTestId("replay-position");
  }

  async step(): Promise<void> {
    await this.page.getByTestId("replay-step").click();
  }

  async back(): Promise<void> {
    await this.page.getByTestId("replay-prev").click();
  }

  async toStart(): Promise<void> {
    await this.page.getByTestId("replay-first").click();
  }

  async toEnd(): Promise<void> {
    await this.page.getByTestId("replay-last").click();
  }

  slider(): Locator {
    return this.page.getByTestId("replay-slider");
  }

  events(): Locator {
    return this.page.getByTestId("timeline-event");
  }

  answer(): Locator {
    return this.page.getByTestId("answer");
  }
}
