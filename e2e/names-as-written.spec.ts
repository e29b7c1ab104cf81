import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { AskPage } from "./pages/ask-page";
import { HomePage } from "./pages/home-page";
import { SchemaGraphPage } from "./pages/schema-graph-page";

// Issue #30: a CSV's names are shown as its file wrote them (SQL, breadcrumbs, placeholder), not as
// the generated identifiers the app stores it under; the upload takes a name.
test.describe.configure({ timeout: 150_000 });

function orderLinesCsv(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "tablesight-e2e-names-"));
  const file = path.join(dir, "Order Lines.csv");
  fs.writeFileSync(
    file,
    "Order Id,Product Name,Unit Price,Quantity Ordered\n" +
      "1,Garden chair,35.5,4\n2,Kitchen scale,19.9,2\n3,Desk lamp,42,1\n4,Garden chair,35.5,3\n",
  );
  return file;
}

test("a column name with spaces is shown as written in the SQL; the upload's name is kept", async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  const home = new HomePage(page);
  await home.goto();
  await page.getByTestId("upload-input").setInputFiles([orderLinesCsv()]);
  // The suggested name is the file's; the user types another.
  await expect(page.getByTestId("upload-name")).toHaveAttribute("placeholder", "Order Lines");
  await page.getByTestId("upload-name").fill("Shop order lines, spring");
  await page.getByTestId("upload-submit").click();
  await home.expectImported();
  await home.goto();
  await home.open("Shop order lines, spring");
  await new SchemaGraphPage(page).waitForIndexReady(90_000);

  await page.getByTestId("ask-link").click();
  const ask = new AskPage(page);
  await expect(ask.questionInput()).toBeVisible();
  // The placeholder's example is drawn from this dataset's own names.
  const placeholder = await ask.questionInput().getAttribute("placeholder");
  expect(placeholder).not.toContain("Fresno");
  expect(placeholder).toContain("Order Lines");
  await ask.ask("What is the highest unit price?");
  await expect(page.getByTestId("answer-text")).toContainText("42", { timeout: 60_000 });
  const sql = page.getByTestId("answer-sql");
  await expect(sql).toContainText('"Unit Price"');
  await expect(sql).toContainText('"Order Lines"');
  await expect(sql).not.toContainText("unit_price");
  await expect(sql).not.toContainText('"main".');
  // The SQL that ran used generated identifiers, and the page says so.
  await expect(page.getByTestId("executed-sql")).toContainText("generated identifiers");
  await page.getByTestId("executed-sql").locator("summary").click();
  await expect(page.getByTestId("executed-sql").locator("pre")).toContainText("unit_price");
});
