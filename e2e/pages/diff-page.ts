import { expect, type Locator, type Page } from "@playwright/test";

/** The diff of two runs. */
export class DiffPage {
  constructor(readonly page: Page) {}

  async expectLoaded(): Promise<void> {
    await expect(this.page.getByTestId("diff-page")).toBeVisible({ timeout: 30_000 });
  }

  cells(kind: "added" | "removed" | "common"): Locator {
    return this.page.getByTestId(`diff-cell-${kind}`);
  }

  sqlRemoved(): Locator {
    return this.page.getByTestId("diff-sql-removed");
  }

  sql(): Locator {
    return this.page.getByTestId("diff-sql");
  }

  removedColumns(): Locator {
    return this.page.getByTestId("diff-column-removed");
  }
}
