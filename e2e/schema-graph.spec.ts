import { expect, test, type Page } from "@playwright/test";
import { HomePage } from "./pages/home-page";
import { SchemaGraphPage } from "./pages/schema-graph-page";

const SAMPLE = "Riverbend schools (sample)";

// Indexing starts by itself after the sample is imported on first start; give it time.
test.describe.configure({ timeout: 120_000 });

async function openSample(page: Page): Promise<SchemaGraphPage> {
  const home = new HomePage(page);
  await home.goto();
  await home.open(SAMPLE);
  const schema = new SchemaGraphPage(page);
  await schema.waitForIndexReady(90_000);
  return schema;
}

test("the sample's schema graph shows its tables, columns and declared foreign keys", async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  const schema = await openSample(page);
  await expect(page.getByTestId("reindex-button")).toBeEnabled();
  await page.getByTestId("index-details-toggle").click();
  await expect(page.locator('[data-testid="index-stage"][data-stage="profiles"]')).toHaveAttribute(
    "data-status",
    "done",
  );
  await page.getByTestId("index-details-toggle").click();

  await schema.openSchemaGraph();
  // One node per column: counties 3, districts 4, schools 9, satscores 7, Enrollment by band 7.
  await expect(schema.graph()).toHaveAttribute("data-node-count", "30");
  await expect(schema.graph()).toHaveAttribute("data-table-count", "5");
  // districts → counties, schools → districts, satscores → schools.
  await expect(schema.graph()).toHaveAttribute("data-foreign-key-count", "3");
  await expect(page.getByTestId("schema-legend")).toBeVisible();
  await expect(schema.legendItem("foreign_key")).toHaveAttribute("data-count", "3");
  await page.screenshot({ path: "test-results/schema-graph.png" });

  await schema.clickColumnNode("schools", "cds_code");
  await expect(schema.columnPanel()).toHaveAttribute("data-column", "cds_code");
  await expect(schema.columnPanel().getByTestId("profile-distinct")).toContainText("55");
});

test("an edited column description is still there after a reload", async ({ page }) => {
  const schema = await openSample(page);
  await schema.openSchemaGraph();
  // Panels loading beside the graph can move a node between reading its position and the click.
  await schema.openColumn("counties", "name");
  const text = "Official county name as the state spells it.";
  await schema.editColumnDescription(text);

  await page.reload();
  await schema.waitForIndexReady();
  // The view is kept in the URL, so the schema graph opens again.
  await expect(schema.graph()).toHaveAttribute("data-ready", "true");
  await schema.openColumn("counties", "name");
  await expect(schema.columnDescription().getByTestId("description-text")).toHaveText(text);
  await expect(schema.columnDescription().getByTestId("description-edited")).toBeVisible();
});

test("the joins tab ranks the declared keys", async ({ page }) => {
  const schema = await openSample(page);
  await schema.openJoins();
  await expect(schema.joinRows().filter({ hasText: "districts" }).first()).toBeVisible();
  await expect(page.locator('[data-testid="join-row"][data-rule="declared"]')).toHaveCount(3);
});

test("find value matches “los angeles” in the counties", async ({ page }) => {
  const schema = await openSample(page);
  await schema.findValue("los angeles");
  const hit = schema.hits().filter({ hasText: "Los Angeles" }).first();
  await expect(hit).toBeVisible();
  await expect(hit).toHaveAttribute("data-table", "counties");
  await hit.click();
  await expect(page.getByTestId("data-grid")).toBeVisible();
});
