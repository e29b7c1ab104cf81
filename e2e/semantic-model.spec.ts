import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect, test, type Page } from "@playwright/test";
import Database from "libsql";
import { HomePage } from "./pages/home-page";
import { AskPage } from "./pages/ask-page";
import { SemanticPanel } from "./pages/semantic-panel";
import { uploadIndexed } from "./pages/views";

// Issue #37 item 2: the schema graph shows the semantic model inferred at index time — entity, label,
// measures with units, dates with their grain, flags, each with its confidence in words — and a
// user's correction changes the next answer. The dataset is generated here: no rule was written for it.
test.describe.configure({ timeout: 180_000 });

const FIRST = ["Ada", "Bram", "Cleo", "Dirk", "Edda", "Fenna", "Gus", "Hilde"];
const LAST = ["Aalders", "Brink", "Claes", "Dekker", "Eijk", "Faber", "Groot", "Hols"];
const NICK = ["Ace", "Bee", "Cee", "Dee", "Eek", "Fee", "Gee", "Hee"];
const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug"];

/** Members (first + last name, a nickname, a Y/N flag, text dates) and their loans; member 3 borrows most. */
function libraryCsvs(): string[] {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "tablesight-e2e-semantic-"));
  const members = ["member_id,first_name,last_name,nickname,is_active,joined_on"];
  FIRST.forEach((f, i) =>
    members.push(`${i + 1},${f},${LAST[i]},${NICK[i]},${i % 3 ? "Y" : "N"},${MONTHS[i]} ${i + 3} 2019`),
  );
  const loans = ["loan_id,member_id,loaned_on,reading_min"];
  let id = 1;
  FIRST.forEach((_, i) => {
    const n = i === 2 ? 9 : 1 + (i % 4);
    for (let k = 0; k < n; k++) loans.push(`${id++},${i + 1},2023-0${1 + (k % 9)}-1${k % 9},${40 + ((id * 37) % 200)}`);
  });
  const files = [path.join(dir, "members.csv"), path.join(dir, "loans.csv")];
  fs.writeFileSync(files[0], `${members.join("\n")}\n`);
  fs.writeFileSync(files[1], `${loans.join("\n")}\n`);
  return files;
}

let datasetId = "";
test.beforeAll(async ({ request }) => {
  datasetId = await uploadIndexed(request, libraryCsvs(), "Library (semantic model)");
});

async function askTopMember(page: Page): Promise<string> {
  const ask = new AskPage(page);
  await ask.goto(datasetId);
  await ask.ask("Which member has the most loans?");
  await expect(page.getByTestId("answer-text")).toBeVisible({ timeout: 60_000 });
  return (await page.getByTestId("answer-text").innerText()).trim();
}

test("the schema graph shows the inferred model, and setting a label changes the next answer", async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  const before = await askTopMember(page);
  expect(before).toContain("Cleo");
  expect(before).toContain("Claes");
  expect(before).not.toContain("Cee");

  const panel = new SemanticPanel(page);
  await panel.open(datasetId);
  await expect(panel.entitySingular()).toHaveValue("member");
  await expect(panel.label().getByTestId("semantic-label-first")).toHaveValue("first_name");
  await expect(panel.label().getByTestId("semantic-label-second")).toHaveValue("last_name");
  await expect(panel.label().getByTestId("fact-confidence")).toHaveText(/^(sure|likely|unsure)$/);
  await expect(panel.flag("is_active").getByTestId("semantic-flag-true")).toHaveValue("Y");
  await expect(panel.date("joined_on")).toContainText("Jan 5 2019");
  await page.screenshot({ path: "test-results/semantic-panel-1440.png" });
  await page.setViewportSize({ width: 1024, height: 768 });
  await expect(panel.panel()).toBeVisible();
  await page.screenshot({ path: "test-results/semantic-panel-1024.png", fullPage: true });
  await page.setViewportSize({ width: 1440, height: 900 });

  await panel.setLabel("nickname");
  await page.reload();
  await expect(panel.label().getByTestId("semantic-label-first")).toHaveValue("nickname");

  const after = await askTopMember(page);
  expect(after).toContain("Cee");
  expect(after).not.toContain("Claes");

  // Dropping the edit gives the inferred label back, and the answer with it.
  await panel.open(datasetId);
  await panel.label().getByTestId("fact-reset").click();
  await expect(panel.label().getByTestId("semantic-label-second")).toHaveValue("last_name");
  expect(await askTopMember(page)).toContain("Claes");
});

test("a unit set on a measure is kept with the model, and a bad edit is refused", async ({ request }) => {
  const model = await (await request.get(`/api/datasets/${datasetId}/semantic-model`)).json();
  const loans = model.model.tables.find((t: { table: string }) => t.table === "loans");
  expect(loans.measures.find((m: { column: string }) => m.column === "reading_min").unit).toEqual({
    unit: "min",
    scale: 1,
  });
  const patched = await request.patch(`/api/datasets/${datasetId}/semantic-model`, {
    data: { set: [{ kind: "measure", table: "loans", column: "reading_min", value: { unit: "h", scale: 1 } }] },
  });
  expect(patched.ok()).toBe(true);
  const bad = await request.patch(`/api/datasets/${datasetId}/semantic-model`, {
    data: { set: [{ kind: "measure", table: "loans", column: "nope", value: null }] },
  });
  expect(bad.status()).toBe(400);
  const again = await (await request.get(`/api/datasets/${datasetId}/semantic-model`)).json();
  const unit = again.model.tables.find((t: { table: string }) => t.table === "loans").measures[0].unit;
  expect(unit).toEqual({ unit: "h", scale: 1 });
});

/** A shop with orders and a view of each customer's totals over them. */
function shopWithView(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "tablesight-e2e-semantic-view-"));
  const file = path.join(dir, "shop_views.sqlite");
  const db = new Database(file);
  db.exec(`
    CREATE TABLE clients (client_id INTEGER PRIMARY KEY, client_name TEXT);
    CREATE TABLE sales (sale_id INTEGER PRIMARY KEY, client_id INTEGER REFERENCES clients(client_id), total REAL);
    INSERT INTO clients VALUES (1, 'Alder'), (2, 'Birch'), (3, 'Cedar');
    INSERT INTO sales VALUES (1, 1, 10), (2, 1, 5), (3, 2, 7), (4, 3, 1), (5, 3, 2);
    CREATE VIEW client_spend AS SELECT c.client_id, c.client_name, sum(s.total) AS lifetime_spend
      FROM clients c JOIN sales s ON s.client_id = c.client_id GROUP BY c.client_id;
  `);
  db.close();
  return file;
}

test("a view is marked in the import report and shown with its base tables", async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  const home = new HomePage(page);
  await home.goto();
  await home.upload([shopWithView()]);
  await home.expectImported();
  await expect(page.getByTestId("import-success")).toContainText("client_spend");
  await expect(page.getByTestId("import-view")).toHaveCount(1);
  await page.getByTestId("import-success-link").click();
  await expect(page.getByTestId("index-status")).toHaveAttribute("data-status", "ready", { timeout: 90_000 });
  const id = page.url().split("/datasets/")[1].split(/[?#/]/)[0];
  const panel = new SemanticPanel(page);
  await panel.open(id);
  await page.getByTestId("graph-jump").selectOption("client_spend");
  await expect(panel.panel()).toContainText("Meaning · client_spend");
  await expect(panel.panel().getByTestId("semantic-kind")).toHaveText("view");
  await expect(panel.panel().getByTestId("semantic-view")).toContainText("clients, sales");
  await page.screenshot({ path: "test-results/semantic-panel-view-1440.png" });
});
