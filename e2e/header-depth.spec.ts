import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import ExcelJS from "exceljs";
import { expect, test } from "@playwright/test";
import { DatasetPage } from "./pages/dataset-page";
import { HomePage } from "./pages/home-page";

let workbook = "";
let mysqlCsv = "";
test.beforeAll(async () => {
  // A group label merged over a row of years, then the data: a two-row header.
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "tablesight-e2e-depth-"));
  workbook = path.join(dir, "quarters.xlsx");
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet("Sales");
  ws.addRow(["Region", "Units sold", null, null]);
  ws.addRow([null, 2021, 2022, 2023]);
  ws.addRow(["North", 10, 12, 15]);
  ws.addRow(["South", 7, 9, 11]);
  ws.addRow(["West", 3, 4, 8]);
  ws.mergeCells("B1:D1");
  await wb.xlsx.writeFile(workbook);
  mysqlCsv = path.join(dir, "episodes.csv");
  fs.writeFileSync(mysqlCsv, 'No,Title,Rating\n1,"Episode: \\"Long Before\\", part 1",.500\n2,"Plain",+23\n');
});

test("a backslash-escaped CSV keeps its cells apart and as written; the notes name the dialect", async ({ page }) => {
  const home = new HomePage(page);
  await home.goto();
  await home.page.getByTestId("upload-input").setInputFiles([mysqlCsv]);
  await home.chooseDialect({ headerRows: "1" });
  await page.screenshot({ path: "test-results/upload-dialect-picker.png" });
  await home.page.getByTestId("upload-submit").click();
  await home.expectImported();
  await home.open("episodes");
  const dataset = new DatasetPage(page);
  await dataset.selectTable("episodes");
  await expect(dataset.tableNotes()).toContainText("backslash-escaped quotes");
  await expect(dataset.rowCount()).toHaveAttribute("data-count", "2");
  await expect(dataset.firstRowCells().filter({ hasText: 'Episode: "Long Before", part 1' })).toHaveCount(1);
  await expect(dataset.firstRowCells().filter({ hasText: ".500" })).toHaveCount(1);
});

test("changing a sheet's header depth renames the columns and changes the row count", async ({ page }) => {
  const home = new HomePage(page);
  await home.goto();
  await home.upload([workbook]);
  await home.expectImported();
  await home.open("quarters");
  const dataset = new DatasetPage(page);
  await dataset.selectTable("Sales");

  // Detected: two header rows, names joined top / leaf.
  await expect(dataset.headerDepth()).toHaveAttribute("data-current", "2");
  await expect(dataset.headerCell("Units sold / 2021")).toBeVisible();
  await expect(dataset.rowCount()).toHaveAttribute("data-count", "3");
  await expect(dataset.tableNotes()).toContainText("Detected 2 header rows");

  // One header row: the row of years becomes data, the columns under the merge lose the year.
  await dataset.setHeaderDepth(1);
  await expect(dataset.headerCell("Units sold")).toBeVisible();
  await expect(dataset.headerCell("Units sold / 2021")).toHaveCount(0);
  await expect(dataset.rowCount()).toHaveAttribute("data-count", "4");
  await expect(dataset.tableNotes()).toContainText("as chosen");
  await page.screenshot({ path: "test-results/header-depth-1.png", fullPage: true });

  // And back: the change survives a reload of the page.
  await dataset.setHeaderDepth(2);
  await page.reload();
  await expect(dataset.headerCell("Units sold / 2023")).toBeVisible();
  await expect(dataset.rowCount()).toHaveAttribute("data-count", "3");
  await page.screenshot({ path: "test-results/header-depth-2.png", fullPage: true });
});
