import { expect, test, type Page } from "@playwright/test";
import { AnswerResultPanel } from "./pages/answer-result";
import { AskPage } from "./pages/ask-page";
import { SqlBoxPage } from "./pages/sql-box";

const SAMPLE = "Riverbend schools (sample)";
const QUESTION = "What is the number of schools for each funding type?";

async function sampleId(page: Page): Promise<string> {
  const { datasets } = await (await page.request.get("/api/datasets")).json();
  const sample = datasets.find((d: { name: string }) => d.name === SAMPLE);
  expect(sample, "the sample dataset is seeded").toBeTruthy();
  return sample.id;
}

test("an answer's SQL is edited and run read-only; its address re-runs the edited SQL after a reload", async ({
  page,
}) => {
  const id = await sampleId(page);
  const ask = new AskPage(page);
  await ask.goto(id);
  await ask.ask(QUESTION);
  await expect(ask.answer()).toBeVisible({ timeout: 30_000 });
  const answerRows = await new AnswerResultPanel(page).rowTexts();
  expect(answerRows.length).toBeGreaterThanOrEqual(2);

  await page.getByTestId("edit-sql").click();
  const box = new SqlBoxPage(page);
  await expect(box.input()).toHaveValue(/GROUP BY/);
  const answerSql = await box.input().inputValue();
  expect(box.urlSql()).toBe(answerSql);
  // Arriving with a statement runs it: the same rows as the answer.
  expect(await box.rowTexts()).toEqual(answerRows);

  // Edited: one group left out; the result and the address follow the edit.
  const [, firstLabel] = answerRows[0].length === 2 && /^\d+$/.test(answerRows[0][0]) ? answerRows[0] : ["", ""];
  expect(firstLabel).not.toBe("");
  const edited = answerSql.replace(/GROUP BY/i, `WHERE T1."funding" <> '${firstLabel}' GROUP BY`);
  await box.run(edited);
  await expect(box.resultRows()).toHaveCount(answerRows.length - 1);
  const editedRows = await box.rowTexts();
  expect(editedRows).toEqual(answerRows.slice(1));
  expect(box.urlSql()).toBe(edited);
  await page.screenshot({ path: "test-results/sql-box-edited.png" });

  // A reload runs the edited statement again (a new request, the same rows).
  const rerun = page.waitForResponse((r) => r.url().endsWith("/sql") && r.request().method() === "POST");
  await page.reload();
  expect((await rerun).ok()).toBe(true);
  await expect(box.input()).toHaveValue(edited);
  expect(await box.rowTexts()).toEqual(editedRows);

  // Read-only: a write is refused with a message and changes nothing.
  const before = (await (await page.request.get(`/api/datasets/${id}/tables/schools/rows?limit=1`)).json()).total;
  await box.run("DELETE FROM schools");
  await expect(box.error()).toBeVisible();
  await expect(box.error()).toContainText(/SELECT|read-only|not allowed|refused/i);
  await page.screenshot({ path: "test-results/sql-box-refused.png" });
  const after = await (await page.request.get(`/api/datasets/${id}/tables/schools/rows?limit=200`)).json();
  expect(after.rows.length).toBe(before);
});

test("a query over one table outlines the cells it read in the grid, and its result saves as CSV as written", async ({
  page,
}) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  const id = await sampleId(page);
  const box = new SqlBoxPage(page);
  await page.goto(`/datasets/${id}/sql`);
  // A text that needs quoting in CSV (comma, quotes, edge spaces) comes back exactly as written.
  const note = ` padded, "quoted" `;
  await box.run(`SELECT name, funding, '${note}' AS note FROM schools WHERE funding = 'Directly funded' ORDER BY name`);
  const rows = await box.rowTexts();
  expect(rows.length).toBeGreaterThanOrEqual(2);

  // The rows the condition keeps, by the grid's own filter (the rows API), and their row ids.
  const filtered = await (
    await page.request.get(
      `/api/datasets/${id}/tables/schools/rows?limit=1000&f.funding=${encodeURIComponent("eq:Directly funded")}`,
    )
  ).json();
  const rowIds = (filtered.rows as { rowId: number }[]).map((r) => r.rowId).sort((a, b) => a - b);
  expect(rowIds).toHaveLength(rows.length);

  const read = box.cellsRead();
  await expect(read).toBeVisible();
  await expect(box.readCaption()).toContainText(`2 columns × ${rows.length} rows`);
  await expect(box.readRows()).toHaveCount(rows.length);
  expect(await box.readRowIds()).toEqual(rowIds);
  // Outlined: exactly the name and funding cells of those rows; no other column.
  await expect(box.outlinedCells()).toHaveCount(rows.length * 2);
  expect(new Set(await box.outlinedColumns())).toEqual(new Set(["name", "funding"]));
  expect((await box.outlinedTexts("name")).sort()).toEqual(rows.map((r) => r[0]).sort());
  await page.screenshot({ path: "test-results/sql-box-cells-read-1440.png", fullPage: true });
  await page.setViewportSize({ width: 1024, height: 768 });
  await page.screenshot({ path: "test-results/sql-box-cells-read-1024.png", fullPage: true });

  const csv = await box.downloadCsv();
  expect(csv.name).toMatch(/\.csv$/);
  const lines = csv.text.split("\r\n");
  expect(lines[0]).toBe("name,funding,note");
  expect(lines[1]).toBe(`${rows[0][0]},${rows[0][1]},"${note.replace(/"/g, '""')}"`);
  expect(lines.filter((l) => l !== "")).toHaveLength(rows.length + 1);

  // A statement the grid cannot map to cells (no table) shows its result alone.
  await box.run("SELECT 1 AS one, 2 AS two");
  await expect(box.resultRows()).toHaveCount(1);
  await expect(read).toHaveCount(0);
});

test("window functions, VALUES and read-only PRAGMAs run; a hostile nesting is refused; no formula in the CSV", async ({
  page,
}) => {
  const id = await sampleId(page);
  const box = new SqlBoxPage(page);
  await page.goto(`/datasets/${id}/sql`);

  await box.run(
    "SELECT funding, count(*) AS n, rank() OVER (ORDER BY count(*) DESC) AS place, " +
      "sum(count(*)) OVER (ORDER BY count(*) DESC ROWS BETWEEN UNBOUNDED PRECEDING AND CURRENT ROW) AS running " +
      "FROM schools GROUP BY funding ORDER BY place",
  );
  const ranked = await box.rowTexts();
  expect(ranked.length).toBeGreaterThanOrEqual(2);
  expect(ranked.map((r) => r[2])[0]).toBe("1");
  expect(Number(ranked.at(-1)?.[3])).toBe(ranked.reduce((sum, r) => sum + Number(r[1]), 0));

  await box.run("VALUES (1, 'one'), (2, 'two')");
  expect(await box.rowTexts()).toEqual([
    ["1", "one"],
    ["2", "two"],
  ]);

  await box.run("PRAGMA table_info(schools)");
  expect((await box.rowTexts()).map((r) => r[1])).toContain("funding");

  const started = Date.now();
  await box.run(`SELECT ${"(SELECT ".repeat(16)}1`);
  await expect(box.error()).toContainText(/parenthes/i);
  expect(Date.now() - started).toBeLessThan(3000);
  await page.screenshot({ path: "test-results/sql-box-nesting-refused.png" });

  const payloads = ['=HYPERLINK("http://evil.example","x")', "@SUM(1+1)", "+cmd|' /C calc'!A0", "-2+3"];
  await box.run(`SELECT ${payloads.map((p, i) => `'${p.replace(/'/g, "''")}' AS c${i}`).join(", ")}, -5 AS n`);
  const csv = await box.downloadCsv();
  const cells = csv.text.split("\r\n")[1];
  for (const p of payloads) expect(cells).toContain(`'${p.replace(/"/g, '""')}`);
  expect(cells.endsWith(",-5")).toBe(true);
});

test("the schema list beside the box names each table and column with its type; a click inserts at the cursor", async ({
  page,
}) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  const id = await sampleId(page);
  const { tables } = await (await page.request.get(`/api/datasets/${id}`)).json();
  const box = new SqlBoxPage(page);
  await page.goto(`/datasets/${id}/sql`);
  const list = box.schemaList();
  await expect(list).toBeVisible();
  await expect(box.schemaTables()).toHaveCount(tables.length);
  const schools = tables.find((t: { sqlName: string }) => t.sqlName === "schools");
  await expect(box.schemaColumns("schools")).toHaveCount(schools.columns.length);
  await expect(box.schemaColumns("schools").first()).toHaveText(schools.columns[0].name);
  // Beside the box, not under it, at a desktop width.
  const [inputBox, listBox] = [await box.input().boundingBox(), await list.boundingBox()];
  expect(listBox!.x).toBeGreaterThan(inputBox!.x + inputBox!.width - 1);

  // A column inserted where the cursor is, then the table at the end.
  await box.input().fill("SELECT  FROM ");
  await box.input().evaluate((el: HTMLTextAreaElement) => el.setSelectionRange(7, 7));
  await box.insertColumn("schools", "name");
  await expect(box.input()).toHaveValue("SELECT name FROM ");
  await box.input().evaluate((el: HTMLTextAreaElement) => el.setSelectionRange(el.value.length, el.value.length));
  await box.insertTable("schools");
  await expect(box.input()).toHaveValue("SELECT name FROM schools");
  const answered = page.waitForResponse((r) => r.url().endsWith("/sql") && r.request().method() === "POST");
  await page.getByTestId("sql-run").click();
  await answered;
  expect((await box.rowTexts()).length).toBe(Math.min(schools.rowCount, 1000));
  await page.screenshot({ path: "test-results/sql-box-schema-list-1440.png" });

  // The table's columns by PRAGMA table_info (read-only, through the guard): the names the list shows.
  await box.input().fill("PRAGMA table_info()");
  await box.input().evaluate((el: HTMLTextAreaElement) => el.setSelectionRange(18, 18));
  await box.insertTable("schools");
  await expect(box.input()).toHaveValue("PRAGMA table_info(schools)");
  await box.run("PRAGMA table_info(schools)");
  expect((await box.rowTexts()).map((r) => r[1])).toEqual(schools.columns.map((c: { sqlName: string }) => c.sqlName));
  await page.setViewportSize({ width: 1024, height: 768 });
  await page.screenshot({ path: "test-results/sql-box-schema-list-1024.png" });
});
