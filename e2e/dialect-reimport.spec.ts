import { expect, test } from "@playwright/test";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { DatasetPage } from "./pages/dataset-page";
import { uploadIndexed } from "./pages/views";

test("a CSV table keeps the dialect it was read with, shows it, and is re-imported with another one", async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "tablesight-e2e-dialect-")), "prices.csv");
  fs.writeFileSync(file, "item;price\napples;1.20\npears;0.95\nplums;2.10\n");
  const id = await uploadIndexed(request, [file], "Prices (dialect)");
  const meta = await (await request.get(`/api/datasets/${id}`)).json();
  expect(meta.tables[0].dialect).toMatchObject({ delimiter: ";", escape: "double", headerRows: 1 });

  await page.goto(`/datasets/${id}`);
  const dataset = new DatasetPage(page);
  const dialect = page.getByTestId("table-dialect");
  await expect(dialect).toHaveAttribute("data-delimiter", ";");
  await expect(dataset.tableNotes()).toContainText("prices.csv is semicolon-separated");
  await expect(dataset.headerCell("price")).toBeVisible();

  // Choosing comma re-imports the table: one column named by the whole header line.
  await page.getByTestId("dialect-delimiter").selectOption(",");
  await expect(dialect).toHaveAttribute("data-delimiter", ",", { timeout: 30_000 });
  await expect(dataset.tableNotes()).toContainText("Read as chosen at upload or re-import");
  await expect(dataset.tableNotes()).toContainText("comma-separated");
  await expect(dataset.headerCell("price")).toHaveCount(0);
  await page.screenshot({ path: "test-results/dialect-reimport.png" });

  await page.getByTestId("dialect-delimiter").selectOption(";");
  await expect(dialect).toHaveAttribute("data-delimiter", ";", { timeout: 30_000 });
  await expect(dataset.headerCell("price")).toBeVisible();
});
