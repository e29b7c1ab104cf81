import { expect, test } from "@playwright/test";
import { DatasetPage } from "./pages/dataset-page";
import { makeFixtures } from "./fixtures/make-fixtures";
import { HomePage } from "./pages/home-page";

let files: Awaited<ReturnType<typeof makeFixtures>>;
test.beforeAll(async () => {
  files = await makeFixtures();
});

test("the sample dataset is ready on first start", async ({ page }) => {
  const home = new HomePage(page);
  await home.goto();
  await expect(home.row("Riverbend schools (sample)")).toBeVisible();
  await home.open("Riverbend schools (sample)");
  const dataset = new DatasetPage(page);
  await dataset.selectTable("schools");
  await expect(dataset.headerCell("cds_code")).toBeVisible();
  await dataset.selectTable("Enrollment by band");
  await expect(dataset.mergedHeaderCells().filter({ hasText: "2022-23" })).toBeVisible();
  await page.screenshot({ path: "test-results/sample-dataset.png", fullPage: true });
});

test("uploads a CSV and shows its rows and types", async ({ page }) => {
  const home = new HomePage(page);
  await home.goto();
  await home.upload([files.csv]);
  await home.expectImported();
  await home.open("orders");
  const dataset = new DatasetPage(page);
  await dataset.selectTable("orders");
  await expect(dataset.rowCount()).toContainText("3");
  await expect(dataset.headerCell("amount").getByTestId("type-badge")).toHaveText("real");
  await expect(dataset.headerCell("ordered_on").getByTestId("type-badge")).toHaveText("date");
  await expect(dataset.firstRowCells().filter({ hasText: "Ada" })).toHaveCount(1);
});

test("uploads an XLSX with a merged header and keeps it merged", async ({ page }) => {
  const home = new HomePage(page);
  await home.goto();
  await home.upload([files.xlsx]);
  await home.expectImported();
  await home.open("budget");
  const dataset = new DatasetPage(page);
  await dataset.selectTable("Budget");
  const merged = dataset.mergedHeaderCells().filter({ hasText: "2024" });
  await expect(merged).toHaveAttribute("colspan", "2");
  await expect(dataset.rowCount()).toContainText("2");
  await page.screenshot({ path: "test-results/xlsx-merged-header.png", fullPage: true });
});

test("uploads a SQLite file with a foreign key", async ({ page }) => {
  const home = new HomePage(page);
  await home.goto();
  await home.upload([files.sqlite]);
  await home.expectImported();
  await home.open("shop");
  const dataset = new DatasetPage(page);
  await dataset.selectTable("orders");
  await expect(dataset.rowCount()).toContainText("3");
  await expect(dataset.headerCell("customer_id").getByTestId("type-badge")).toHaveText("integer");
  const detail = await (await page.request.get(`/api/datasets/${page.url().split("/").pop()}`)).json();
  const orders = detail.tables.find((t: { name: string }) => t.name === "orders");
  expect(orders.foreignKeys).toEqual([{ columns: ["customer_id"], refTable: "customers", refColumns: ["id"] }]);
});

test("a bad file shows its error and the page stays usable", async ({ page }) => {
  const home = new HomePage(page);
  await home.goto();
  await home.upload([files.bad]);
  await expect(home.importError()).toContainText("line 3");
  await expect(home.row("broken")).toHaveCount(0);
});

test("deletes a dataset after confirmation", async ({ page }) => {
  const home = new HomePage(page);
  await home.goto();
  await home.upload([files.csv]);
  await home.expectImported();
  await expect(home.row("orders")).toHaveCount(2);
  await home.row("orders").first().getByTestId("dataset-delete").click();
  await page.getByTestId("confirm-no").click();
  await expect(home.row("orders")).toHaveCount(2);
  await home.row("orders").first().getByTestId("dataset-delete").click();
  await page.getByTestId("confirm-yes").click();
  await expect(home.row("orders")).toHaveCount(1);
});
