import { expect, type Locator, type Page } from "@playwright/test";

/** A dataset's page: its tables and the data grid. */
export class DatasetPage {
  constructor(readonly page: Page) {}

  async selectTable(name: string): Promise<void> {
    await this.page.locator(`[data-testid="table-tab"][data-table-name="${name}"]`).click();
    await expect(this.grid()).toBeVisible();
  }

  grid(): Locator {
    return this.page.getByTestId("data-grid");
  }

  headerCell(column: string): Locator {
    return this.page.locator(`[data-testid="grid-header-cell"][data-column="${column}"]`);
  }

  rowCount(): Locator {
    return this.page.getByTestId("row-count");
  }

  viewBadge(): Locator {
    return this.page.getByTestId("view-badge");
  }

  indexStatus(): Locator {
    return this.page.getByTestId("index-status");
  }

  /** Stops the running index with the Cancel button of the index panel. */
  async cancelIndexing(): Promise<void> {
    await this.page.getByTestId("cancel-index-button").click();
  }

  mergedHeaderCells(): Locator {
    return this.page.getByTestId("merged-header-cell");
  }

  firstRowCells(): Locator {
    return this.page.getByTestId("grid-row").first().getByTestId("grid-cell");
  }
}
