import { expect, test } from "@playwright/test";
import { startShopPostgres } from "../lib/server/postgres/testing/shop-fixture";
import { READER_PASSWORD } from "../lib/server/postgres/testing/shop-fixture";
import { AskPage } from "./pages/ask-page";
import { ConnectForm } from "./pages/connect-page";
import { DatasetPage } from "./pages/dataset-page";
import { HomePage } from "./pages/home-page";

// A real PostgreSQL (initdb in a temporary folder, pg_ctl on a free loopback port) with a shop
// database; the app server runs with TABLESIGHT_SECRET set (playwright.config.ts), so the password
// typed in the form is stored encrypted.
let server: Awaited<ReturnType<typeof startShopPostgres>>;

test.beforeAll(async () => {
  server = await startShopPostgres();
});

test.afterAll(async () => {
  await server?.stop();
});

test("connects a PostgreSQL database, browses it, asks, and sees the heatmap", async ({ page }) => {
  test.setTimeout(120_000);
  const home = new HomePage(page);
  await home.goto();
  const connect = new ConnectForm(page);
  await expect(connect.panel()).toBeVisible();

  // A wrong password: the cause in words, nothing listed.
  await connect.connectWithUrl(server.url({ user: "reader", password: "wrong", database: "shop" }), "Nope");
  await expect(connect.error()).toContainText('Password authentication failed for user "reader"');
  await expect(home.row("Nope")).toHaveCount(0);

  await connect.connectWithFields({
    host: server.host,
    port: server.port,
    database: "shop",
    user: "reader",
    password: READER_PASSWORD,
    schemas: "public, sales",
    name: "Shop (PostgreSQL)",
  });
  await expect(connect.success()).toContainText("4 tables");
  await expect(home.row("Shop (PostgreSQL)")).toBeVisible();
  await page.screenshot({ path: "test-results/postgres-home.png", fullPage: true });
  await connect.openConnected();

  await expect(page.getByTestId("connection-target")).toContainText("reader@127.0.0.1");
  await expect(page.getByTestId("connection-target")).toContainText("stored encrypted");
  await expect(page.getByTestId("connection-sample")).toContainText("samples of up to 100,000 rows");
  const dataset = new DatasetPage(page);
  await dataset.selectTable("orders");
  await expect(dataset.headerCell("customer_id")).toBeVisible();
  await expect(dataset.firstRowCells().first()).toHaveText("1");
  await expect(dataset.rowCount()).toContainText("1,200");
  await expect(dataset.indexStatus()).toHaveAttribute("data-status", "ready", { timeout: 60_000 });
  await page.screenshot({ path: "test-results/postgres-dataset.png", fullPage: true });
  expect(await page.content()).not.toContain(READER_PASSWORD);

  await page.getByTestId("ask-link").click();
  const ask = new AskPage(page);
  await ask.ask("How many customers live in Lima?");
  await expect(ask.answerText()).toHaveText("83");
  await expect(page.getByTestId("answer-sql")).toContainText('lower(CAST("T1"."city" AS TEXT))');
  const heatmap = await ask.openHeatmap("customers");
  await expect(heatmap).toBeVisible();
  await expect(page.getByText("83 retrieved rows of 250")).toBeVisible();
  await expect(ask.heatmapCells("answer").filter({ hasText: "Lima" }).first()).toBeVisible();
  await page.screenshot({ path: "test-results/postgres-ask.png", fullPage: true });
});
