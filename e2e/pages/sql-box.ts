import { readFile } from "node:fs/promises";
import { expect, type Locator, type Page } from "@playwright/test";

/** The SQL box page: a statement, its Run button, and its result or error. */
export class SqlBoxPage {
  constructor(readonly page: Page) {}

  /** Opens a dataset's SQL box with a statement in its address, which runs it. */
  async goto(datasetId: string, sql: string): Promise<void> {
    const answered = this.page.waitForResponse((r) => r.url().endsWith("/sql") && r.request().method() === "POST");
    await this.page.goto(`/datasets/${encodeURIComponent(datasetId)}/sql?${new URLSearchParams({ q: sql })}`);
    await answered;
  }

  input(): Locator {
    return this.page.getByTestId("sql-input");
  }

  /** Replaces the statement and runs it, waiting for the server's answer. */
  async run(sql: string): Promise<void> {
    await this.input().fill(sql);
    const answered = this.page.waitForResponse((r) => r.url().endsWith("/sql") && r.request().method() === "POST");
    await this.page.getByTestId("sql-run").click();
    await answered;
  }

  result(): Locator {
    return this.page.getByTestId("sql-result");
  }

  resultRows(): Locator {
    return this.result().getByTestId("answer-result-row");
  }

  async rowTexts(): Promise<string[][]> {
    await expect(this.result()).toBeVisible();
    return this.resultRows().evaluateAll((trs) =>
      trs.map((tr) => [...tr.querySelectorAll("td")].map((td) => td.textContent ?? "")),
    );
  }

  /** The tables and columns listed beside the box. */
  schemaList(): Locator {
    return this.page.getByTestId("sql-schema-list");
  }

  schemaTables(): Locator {
    return this.schemaList().getByTestId("sql-schema-table");
  }

  schemaTable(sqlName: string): Locator {
    return this.schemaList().locator(`[data-testid="sql-schema-table"][data-table="${sqlName}"]`);
  }

  schemaColumns(table: string): Locator {
    return this.schemaTable(table).getByTestId("sql-schema-insert-column");
  }

  /** Clicks a table's name in the list (inserting it at the cursor). */
  async insertTable(sqlName: string): Promise<void> {
    await this.schemaTable(sqlName).getByTestId("sql-schema-insert-table").click();
  }

  async insertColumn(table: string, column: string): Promise<void> {
    const details = this.schemaTable(table).locator("details");
    if ((await details.getAttribute("open")) === null)
      await details.locator("summary").click({ position: { x: 2, y: 6 } });
    await this.schemaTable(table).locator(`[data-testid="sql-schema-insert-column"][data-column="${column}"]`).click();
  }

  error(): Locator {
    return this.page.getByTestId("sql-error");
  }

  /** The statement the page's address holds. */
  urlSql(): string | null {
    return new URL(this.page.url()).searchParams.get("q");
  }

  /** The table the statement read, with the cells it read outlined. */
  cellsRead(): Locator {
    return this.page.getByTestId("sql-cells-read");
  }

  readCaption(): Locator {
    return this.page.getByTestId("sql-read-caption");
  }

  readRows(): Locator {
    return this.cellsRead().getByTestId("heatmap-row");
  }

  async readRowIds(): Promise<number[]> {
    return this.readRows().evaluateAll((rs) => rs.map((r) => Number(r.getAttribute("data-row-id"))));
  }

  outlinedCells(): Locator {
    return this.cellsRead().locator('[data-testid="heatmap-cell"][data-state="answer"]');
  }

  async outlinedColumns(): Promise<string[]> {
    return this.outlinedCells().evaluateAll((cs) => cs.map((c) => c.getAttribute("data-column") ?? ""));
  }

  async outlinedTexts(column: string): Promise<string[]> {
    return this.outlinedCells()
      .and(this.page.locator(`[data-column="${column}"]`))
      .evaluateAll((cs) => cs.map((c) => c.textContent ?? ""));
  }

  /** Saves the result as CSV and returns the file's name and text. */
  async downloadCsv(): Promise<{ name: string; text: string }> {
    const started = this.page.waitForEvent("download");
    await this.result().getByTestId("result-csv").click();
    const download = await started;
    return { name: download.suggestedFilename(), text: await readFile(await download.path(), "utf8") };
  }
}
