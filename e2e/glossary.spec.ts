import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect, test, type Page } from "@playwright/test";
import { AskPage } from "./pages/ask-page";
import { uploadIndexed } from "./pages/views";

// Issue #30: a glossary per dataset. A word the user defines changes which column the answer uses.
test.describe.configure({ timeout: 150_000 });
let datasetId = "";

function catalogCsv(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "tablesight-e2e-glossary-"));
  const file = path.join(dir, "catalog.csv");
  fs.writeFileSync(
    file,
    "Item,Grade,Amount A,Amount B,Stock\nAnchor,3,30,12.5,4\nBucket,1,95,2,40\nCandle,2,12,0.4,120\n" +
      "Drill,5,60,3.1,15\nEasel,4,45,8.2,7\nFunnel,1,8,0.3,300\n",
  );
  return file;
}

test.beforeAll(async ({ request }) => {
  datasetId = await uploadIndexed(request, [catalogCsv()], "Catalog (glossary)");
});

async function askHighestPrice(page: Page) {
  const ask = new AskPage(page);
  await ask.goto(datasetId);
  await ask.ask("What is the highest price?");
  await expect(page.getByTestId("answer-text")).toBeVisible({ timeout: 60_000 });
  return {
    answer: (await page.getByTestId("answer-text").innerText()).trim(),
    sql: await page.getByTestId("answer-sql").innerText(),
  };
}

test("a glossary word changes which column the answer uses, and travels with the export", async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  // No column is called "price": the answer reads another one.
  const before = await askHighestPrice(page);
  expect(before.sql).not.toContain('"Amount A"');

  await page.goto(`/datasets/${datasetId}?view=glossary`);
  await page.getByTestId("glossary-phrase").fill("price");
  await page.getByTestId("glossary-target").selectOption("column");
  await page.getByTestId("glossary-column").selectOption({ label: "catalog · Amount A" });
  await page.getByTestId("glossary-save").click();
  const entry = page.getByTestId("glossary-entry").filter({ hasText: "price" });
  await expect(entry).toContainText("the column catalog · Amount A");
  await page.reload();
  await expect(entry).toHaveCount(1);

  const after = await askHighestPrice(page);
  expect(after.sql).toContain('MAX(T1."Amount A")');
  expect(after.answer).toContain("95");

  const file = await (await page.request.get(`/api/datasets/${datasetId}/schema-graph/export`)).json();
  expect(file.glossary).toEqual([{ phrase: "price", target: "column", column: "catalog.amount_a" }]);

  // A phrase already defined is refused with a reason; nothing changes.
  await page.goto(`/datasets/${datasetId}?view=glossary`);
  await page.getByTestId("glossary-phrase").fill("Price");
  await page.getByTestId("glossary-column").selectOption({ label: "catalog · Stock" });
  await page.getByTestId("glossary-save").click();
  await expect(page.getByTestId("glossary-error")).toContainText("already has a meaning");
  await expect(page.getByTestId("glossary-entry")).toHaveCount(1);
});
