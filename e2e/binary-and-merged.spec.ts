import { createHash, randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import ExcelJS from "exceljs";
import Database from "libsql";
import { expect, test } from "@playwright/test";
import { DatasetPage } from "./pages/dataset-page";
import { HomePage } from "./pages/home-page";

// Issue 27: a BLOB column (Northwind's pictures) shows as "binary, N bytes" with a download of its
// exact bytes, never as text; a label merged down several rows of a sheet shows on every row.
const picture = randomBytes(10_746);
let database = "";
let workbook = "";

test.beforeAll(async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "tablesight-e2e-binary-"));
  database = path.join(dir, "northwind.sqlite");
  const db = new Database(database);
  db.exec("CREATE TABLE categories (CategoryID INTEGER PRIMARY KEY, CategoryName TEXT, Picture BLOB)");
  const insert = db.prepare("INSERT INTO categories VALUES (?, ?, ?)");
  insert.run(1, "Beverages", picture);
  insert.run(2, "Condiments", randomBytes(12_000));
  insert.run(3, "Produce", null);
  db.exec("PRAGMA journal_mode = DELETE");
  db.close();

  workbook = path.join(dir, "regions.xlsx");
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet("Sales");
  ws.addRows([
    ["Region", "Product", "Units"],
    ["North", "Apples", 10],
    [null, "Pears", 12],
    [null, "Plums", 15],
    ["South", "Apples", 7],
    [null, "Pears", 9],
  ]);
  ws.mergeCells("A2:A4");
  ws.mergeCells("A5:A6");
  await wb.xlsx.writeFile(workbook);
});

test("a BLOB column is typed binary, shows its size and downloads its exact bytes", async ({ page }) => {
  const home = new HomePage(page);
  await home.goto();
  await home.upload([database]);
  await home.expectImported();
  await home.open("northwind");
  const dataset = new DatasetPage(page);
  await dataset.selectTable("categories");
  await expect(dataset.typeBadge("Picture")).toHaveText("binary");
  await expect(dataset.binaryCells()).toHaveCount(2);
  await expect(dataset.binaryCells().first()).toContainText("binary, 10,746 bytes");
  await expect(dataset.binaryCells().nth(1)).toContainText("binary, 12,000 bytes");
  await expect(dataset.grid()).not.toContainText("characters");
  await page.screenshot({ path: "test-results/binary-column.png" });

  const [download] = await Promise.all([
    page.waitForEvent("download"),
    dataset.binaryCells().first().getByTestId("binary-download").click(),
  ]);
  const saved = await download.path();
  const sha = (b: Buffer) => createHash("sha256").update(b).digest("hex");
  expect(sha(fs.readFileSync(saved))).toBe(sha(picture));
});

test("a row label merged down several rows of a sheet shows on every row", async ({ page }) => {
  const home = new HomePage(page);
  await home.goto();
  await home.upload([workbook]);
  await home.expectImported();
  await home.open("regions");
  const dataset = new DatasetPage(page);
  await dataset.selectTable("Sales");
  await expect(dataset.rowCount()).toHaveAttribute("data-count", "5");
  await expect.poll(() => dataset.columnTexts(0)).toEqual(["North", "North", "North", "South", "South"]);
  await expect.poll(() => dataset.columnTexts(1)).toEqual(["Apples", "Pears", "Plums", "Apples", "Pears"]);
  await expect(dataset.tableNotes()).toContainText("merged down several rows");
  await page.screenshot({ path: "test-results/merged-row-labels.png" });
});
