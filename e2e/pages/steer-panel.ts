import { expect, type Page } from "@playwright/test";

/** The run page's lineage and steering panels. */
export class SteerPanel {
  constructor(readonly page: Page) {}

  async exclude(column: string): Promise<void> {
    await this.page.getByTestId("steer-column").selectOption(column);
    await this.page.getByTestId("steer-exclude").click();
    await expect(this.page.getByTestId("steer-pending")).toContainText(column);
  }

  /** Re-runs and waits for the child run's page. */
  async rerun(): Promise<string> {
    const before = this.page.url();
    await this.page.getByTestId("steer-rerun").click();
    await expect(this.page).not.toHaveURL(before, { timeout: 45_000 });
    await expect(this.page.getByTestId("lineage-parent")).toBeVisible({ timeout: 30_000 });
    return this.page.url().split("/runs/")[1];
  }

  async openDiffWithParent(): Promise<void> {
    await this.page.getByTestId("diff-with-parent").click();
  }
}
