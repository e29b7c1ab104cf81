import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { parse } from "csv-parse/sync";
import { expect, test } from "@playwright/test";
import { DatasetPage } from "./pages/dataset-page";
import { GridFilters } from "./pages/grid-filters";
import { HomePage } from "./pages/home-page";
import { TableExport } from "./pages/table-export";

// Issue #36, item 6: a CSV export of a table, or of the grid's filtered and sorted view, holds the
// file's rows as written. The file mixes what a reader must not change: numbers written with
// places (9970610.0, 0.0000967), cells of only spaces, quoted commas and quotes, a line break
// inside quotes, other scripts, empty cells, leading zeros; one formula cell, the only cell the
// export changes (a leading apostrophe).
const KINDS = ["north", "south", "east"];
const NAMES = ["Canada", "Korea, Republic of", "Côte d’Ivoire", "東京", 'The "Quoted" Place', "two\nlines", "Ørsted"];
const SHARES = ["0.0000967", "0.25", "12.5", "", "1.000"];
const REMARKS = ["  ", "plain", "   ", "", "a,b", "ünïcödé ✓"];

function generatedRows(): string[][] {
  const rows = [["id", "name", "kind", "area", "share", "remark", "code"]];
  for (let i = 0; i < 42; i++) {
    rows.push([
      String(i + 1),
      `${NAMES[i % NAMES.length]} ${i}`,
      KINDS[i % KINDS.length],
      i === 0 ? "9970610.0" : `${(i * 7919) % 100_000}.${i % 10}`,
      SHARES[i % SHARES.length],
      i === 5 ? "=1+1" : REMARKS[i % REMARKS.length],
      String(i % 4 === 0 ? `00${i}` : i * 3),
    ]);
  }
  return rows;
}

const quoted = (v: string) => (/[",\n]|^\s|\s$/.test(v) ? `"${v.replace(/"/g, '""')}"` : v);

function writeCsv(rows: string[][]): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "tablesight-e2e-export-"));
  const file = path.join(dir, "places.csv");
  fs.writeFileSync(file, `${rows.map((r) => r.map(quoted).join(",")).join("\n")}\n`);
  return file;
}

const parsed = (text: string): string[][] => parse(text, { relax_column_count: true });
/** The file's rows as the export must hold them: the formula cell prefixed, nothing else changed. */
const asExported = (rows: string[][]) => rows.map((r) => r.map((v) => (/^[=+\-@]/.test(v) ? `'${v}` : v)));

test("Export CSV downloads the file's rows as written, and the filtered, sorted view when the grid has one", async ({
  page,
}) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  const rows = generatedRows();
  const file = writeCsv(rows);
  // The file parses back to the generated rows: the test compares with what was written.
  expect(parsed(fs.readFileSync(file, "utf8"))).toEqual(rows);

  const home = new HomePage(page);
  await home.goto();
  await home.upload([file]);
  await home.expectImported();
  await page.getByTestId("import-success-link").click();
  const dataset = new DatasetPage(page);
  await expect(dataset.grid()).toBeVisible();
  await expect(page.getByTestId("grid-row").first()).toBeVisible();

  const exporter = new TableExport(page);
  await expect(exporter.button()).toHaveText(/Export CSV$/);
  const whole = await exporter.download();
  expect(whole.name).toBe("places.csv");
  expect(parsed(whole.text)).toEqual(asExported(rows));
  // The bytes: CRLF line ends, the spaces-only cell quoted, no byte-order mark.
  expect(whole.text.startsWith("id,name,kind,area,share,remark,code\r\n")).toBe(true);
  expect(whole.text).toContain(',"  ",');
  expect(whole.text).toContain("9970610.0,0.0000967");

  // Filter to one kind and sort by area, descending: the export holds those rows in that order.
  const grid = new GridFilters(page);
  await grid.openFilter("kind");
  await grid.pickFacetValue("south");
  await expect(grid.activeFilters()).toHaveCount(1);
  await grid.clickSort("area");
  await grid.clickSort("area");
  await expect(grid.headerCell("area")).toHaveAttribute("aria-sort", "descending");
  await expect(exporter.button()).toHaveText(/this view/);
  const view = await exporter.download();
  const expected = rows
    .slice(1)
    .filter((r) => r[2] === "south")
    .sort((a, b) => Number(b[3]) - Number(a[3]));
  expect(expected.length).toBe(14);
  expect(parsed(view.text)).toEqual(asExported([rows[0], ...expected]));
  await page.screenshot({ path: "test-results/table-export-view.png" });
});
