import { expect, type Locator, type Page } from "@playwright/test";

/** The compare page of a dataset and a stored compare's replay. */
export class ComparePage {
  constructor(readonly page: Page) {}

  async goto(datasetId: string): Promise<void> {
    await this.page.goto(`/datasets/${encodeURIComponent(datasetId)}/compare`);
    await expect(this.page.getByTestId("compare-submit")).toBeVisible();
  }

  /** Asks with exactly these methods ticked. */
  async compare(question: string, methods: string[]): Promise<void> {
    await this.page.getByTestId("compare-question").fill(question);
    for (const id of ["fgtr", "sgam", "graphotter", "helios"]) {
      const box = this.page.getByTestId(`compare-method-${id}`);
      if ((await box.isChecked()) !== methods.includes(id)) await box.click();
    }
    await this.page.getByTestId("compare-submit").click();
  }

  column(method: string): Locator {
    return this.page.getByTestId(`compare-column-${method}`);
  }

  answer(method: string): Locator {
    return this.page.getByTestId(`compare-answer-${method}`);
  }

  async expectDone(methods: string[]): Promise<void> {
    for (const m of methods)
      await expect(this.column(m)).toHaveAttribute("data-status", /done|failed/, { timeout: 45_000 });
    await expect(this.page.getByTestId("compare-agreement")).toBeVisible();
  }

  cells(): Locator {
    return this.page.getByTestId("combined-cell");
  }

  async toggleDisagreeOnly(): Promise<void> {
    await this.page.getByTestId("disagree-only").click();
  }

  shareLink(): Locator {
    return this.page.getByTestId("compare-share-link");
  }
}
