import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { DatasetPage } from "./pages/dataset-page";
import { HomePage } from "./pages/home-page";
import { SqlBoxPage } from "./pages/sql-box";

// Issue #36, item 1: numbers written 9970610.0 or 0.0000967 are numbers SQL compares and sums,
// shown as the file wrote them; cells of only spaces stay as written; the import report says how
// each column was typed and flags a column of numbers and words.
const CSV = [
  "name,surfacearea,share,remark,code",
  'Canada,9970610.0,0.0000967,"  ",12',
  "Russian Federation,17075400.0,0.25,large,7",
  'Aruba,193.0,12.5,"   ",x1',
  "Vatican,0.4,,small,3",
].join("\n");

function countryCsv(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "tablesight-e2e-typed-"));
  const file = path.join(dir, "country.csv");
  fs.writeFileSync(file, `${CSV}\n`);
  return file;
}

test("numbers compute as numbers and show as written; the import report names each column's typing", async ({
  page,
}) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  const home = new HomePage(page);
  await home.goto();
  await home.upload([countryCsv()]);
  await home.expectImported();
  // The upload's report names the column to check.
  await expect(page.getByTestId("import-success")).toContainText("check code (numbers and words)");
  const href = await page.getByTestId("import-success-link").getAttribute("href");
  const id = decodeURIComponent(href!.split("/").pop()!);
  await page.getByTestId("import-success-link").click();

  const dataset = new DatasetPage(page);
  await expect(dataset.grid()).toBeVisible();
  await expect(page.getByTestId("grid-row")).toHaveCount(4);
  // The grid shows each cell as the file wrote it, spaces included.
  expect(await dataset.columnRawTexts(1)).toEqual(["9970610.0", "17075400.0", "193.0", "0.4"]);
  expect(await dataset.columnRawTexts(2)).toEqual(["0.0000967", "0.25", "12.5", "null"]);
  expect(await dataset.columnRawTexts(3)).toEqual(["  ", "large", "   ", "small"]);

  // The import report: every column's type and why; the mixed one flagged.
  // One line until opened (the grid stays above the fold); the line names the column to check.
  await expect(dataset.columnTyping()).toBeVisible();
  await expect(dataset.columnTypingFlagged()).toContainText("1 to check: code (mixed)");
  await dataset.openColumnTyping();
  await expect(dataset.columnTypingRow("surfacearea")).toHaveAttribute("data-type", "real");
  await expect(dataset.columnTypingRow("surfacearea")).toContainText("1 decimal place");
  await expect(dataset.columnTypingRow("share")).toHaveAttribute("data-type", "real");
  await expect(dataset.columnTypingRow("remark")).toContainText("2 cells of only spaces");
  await expect(dataset.columnTypingRow("code")).toHaveAttribute("data-flag", "mixed");
  await expect(dataset.columnTypingRow("code")).toContainText("numbers and words");
  await expect(page.getByTestId("column-typing-row")).toHaveCount(5);
  await dataset.columnTyping().screenshot({ path: "test-results/typed-values-report.png" });
  await page.screenshot({ path: "test-results/typed-values-dataset.png" });

  // Sorting the grid by a number column sorts numbers.
  const box = new SqlBoxPage(page);
  await box.goto(id, "SELECT MAX(surfacearea), SUM(surfacearea), MIN(share) FROM country");
  expect(await box.rowTexts()).toEqual([["17075400", "27046203.4", "0.0000967"]]);
  await box.run("SELECT name, surfacearea FROM country ORDER BY surfacearea DESC");
  // Ordered as numbers (as text, 9970610.0 would come first), each shown as the file wrote it.
  expect(await box.rowTexts()).toEqual([
    ["Russian Federation", "17075400.0"],
    ["Canada", "9970610.0"],
    ["Aruba", "193.0"],
    ["Vatican", "0.4"],
  ]);
  await page.screenshot({ path: "test-results/typed-values-sql.png" });
  const csv = await box.downloadCsv();
  expect(csv.text.split(/\r?\n/).slice(0, 3)).toEqual([
    "name,surfacearea",
    "Russian Federation,17075400.0",
    "Canada,9970610.0",
  ]);
});
