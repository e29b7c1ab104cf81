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

  headerDepth(): Locator {
    return this.page.getByTestId("header-depth");
  }

  /** Chooses another header depth and waits until the re-imported table is shown with it. */
  async setHeaderDepth(rows: number): Promise<void> {
    await this.headerDepth().selectOption(String(rows));
    await expect(this.headerDepth()).toHaveAttribute("data-current", String(rows), { timeout: 30_000 });
    await expect(this.page.getByTestId("header-depth-busy")).toHaveCount(0);
  }

  tableNotes(): Locator {
    return this.page.getByTestId("table-notes");
  }

  firstRowCells(): Locator {
    return this.page.getByTestId("grid-row").first().getByTestId("grid-cell");
  }

  /** The text of one column's cell in every loaded grid row, in row order. */
  async columnTexts(columnIndex: number): Promise<string[]> {
    const rows = this.page.getByTestId("grid-row");
    const texts: string[] = [];
    for (let i = 0; i < (await rows.count()); i++)
      texts.push((await rows.nth(i).getByTestId("grid-cell").nth(columnIndex).innerText()).trim());
    return texts;
  }

  /** One column's cell text in every loaded grid row, exactly as rendered (spaces kept). */
  async columnRawTexts(columnIndex: number): Promise<string[]> {
    return this.page
      .getByTestId("grid-row")
      .evaluateAll(
        (rows, c) => rows.map((r) => r.querySelectorAll('[data-testid="grid-cell"]')[c]?.textContent ?? ""),
        columnIndex,
      );
  }

  /** The import report's line for each column of the table: how it was typed and why. */
  columnTyping(): Locator {
    return this.page.getByTestId("column-typing");
  }

  /** The report's one-line summary of the columns to check. */
  columnTypingFlagged(): Locator {
    return this.columnTyping().getByTestId("column-typing-flagged");
  }

  /** Opens the import report's column lines (one line until opened). */
  async openColumnTyping(): Promise<void> {
    await this.columnTyping().locator("summary").click();
    await expect(this.columnTyping()).toHaveAttribute("open", "");
  }

  columnTypingRow(column: string): Locator {
    return this.page.locator(`[data-testid="column-typing-row"][data-column="${column}"]`);
  }

  /** A column's type badge under its name. */
  typeBadge(column: string): Locator {
    return this.headerCell(column).getByTestId("type-badge");
  }

  /** Binary cells ("binary, N bytes") and their download links. */
  binaryCells(): Locator {
    return this.page.getByTestId("binary-cell");
  }
}
