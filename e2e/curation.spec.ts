import { expect, test, type Page } from "@playwright/test";
import { AskPage } from "./pages/ask-page";
import { CurationPage } from "./pages/curation-page";
import { HomePage } from "./pages/home-page";
import { SchemaGraphPage } from "./pages/schema-graph-page";

const SAMPLE = "Riverbend schools (sample)";
test.describe.configure({ timeout: 150_000 });

async function openSchema(page: Page): Promise<{ schema: SchemaGraphPage; curation: CurationPage }> {
  await page.setViewportSize({ width: 1440, height: 1000 });
  const home = new HomePage(page);
  await home.goto();
  await home.open(SAMPLE);
  const schema = new SchemaGraphPage(page);
  await schema.waitForIndexReady(90_000);
  await schema.openSchemaGraph();
  return { schema, curation: new CurationPage(page) };
}

test("curates the schema graph by hand: drag to create, label, delete, undo, and the edge survives a reload", async ({
  page,
}) => {
  const { schema, curation } = await openSchema(page);
  await expect(curation.edges()).toHaveCount(0);

  await curation.dragEdge({ table: "schools", column: "city" }, { table: "schools", column: "name" });
  await expect(page.getByTestId("edge-source")).toHaveValue("schools.city");
  await expect(page.getByTestId("edge-target")).toHaveValue("schools.name");
  await curation.saveNewEdge("context", "where the school is");
  await expect(curation.edges()).toHaveCount(1);
  await expect(curation.edges().first()).toHaveAttribute("data-kind", "context");
  await expect(curation.edges().first()).toHaveAttribute("data-label", "where the school is");

  await curation.relabel(curation.edges().first(), "town of the school");
  await expect(curation.edges().first()).toHaveAttribute("data-label", "town of the school");

  await curation.edges().first().getByTestId("curated-edge-delete").click();
  await expect(curation.edges()).toHaveCount(0);
  await page.getByTestId("undo").click();
  await expect(curation.edges()).toHaveCount(1);
  await page.getByTestId("redo").click();
  await expect(curation.edges()).toHaveCount(0);
  await page.getByTestId("undo").click();
  await expect(curation.edges()).toHaveCount(1);
  await expect(curation.edges().first()).toHaveAttribute("data-label", "town of the school");

  // A bad edit is refused with a message and changes nothing.
  await page.getByTestId("add-edge").click();
  await page.getByTestId("edge-source").selectOption("schools.city");
  await page.getByTestId("edge-target").selectOption("counties.name");
  await curation.page.getByTestId("edge-kind").selectOption("context");
  await page.getByTestId("edge-save").click();
  await expect(page.getByTestId("curation-error")).toContainText("different tables");
  await expect(curation.edges()).toHaveCount(1);
  await page.getByRole("button", { name: "Cancel" }).click();

  await page.getByTestId("toggle-history").click();
  await expect(page.getByTestId("history-entry")).toHaveCount(6);
  await page.screenshot({ path: "test-results/curation.png" });

  await page.reload();
  await schema.openSchemaGraph();
  await expect(curation.edges()).toHaveCount(1);
  await expect(curation.edges().first()).toHaveAttribute("data-label", "town of the school");
  await page.getByTestId("toggle-history").click();
  await expect(page.getByTestId("history-entry")).toHaveCount(6);

  // Leave the sample as it was for the other specs.
  await curation.edges().first().getByTestId("curated-edge-delete").click();
  await expect(curation.edges()).toHaveCount(0);
});

test("a join candidate below the learned scorer's threshold is a suggestion, not an edge", async ({ page }) => {
  const { curation } = await openSchema(page);
  const datasetId = new URL(page.url()).pathname.split("/").filter(Boolean).at(-1)!;
  const body = (await (await page.request.get(`/api/datasets/${datasetId}/joins`)).json()) as {
    threshold: number;
    joins: Array<{
      from: { table: string; column: string };
      to: { table: string; column: string };
      probability: number | null;
      passes: boolean;
      rule: string;
    }>;
  };
  const below = body.joins.filter((j) => !j.passes && j.rule !== "declared");
  expect(below.length, "the sample has candidates the scorer does not pass").toBeGreaterThan(0);
  expect(below.every((j) => j.probability !== null && j.probability < body.threshold)).toBe(true);

  await curation.openCandidates();
  const first = below[0];
  const [source, target] = [`${first.from.table}.${first.from.column}`, `${first.to.table}.${first.to.column}`];
  const item = curation.candidates(false).filter({ hasText: `${source} = ${target}` });
  await expect(item).toHaveCount(1);
  await expect(item.getByTestId("suggestion-badge")).toHaveText("suggestion");
  const p = first.probability!;
  await expect(item).toContainText(`${p < 0.005 ? "<1" : Math.round(p * 100)}% likely`);
  await item.getByTestId("candidate-why").click();
  await expect(item.getByTestId("candidate-detail")).toContainText(/below the \d+% threshold/);
  await expect(item.getByTestId("candidate-detail")).toContainText("ω = (s + j) × max(u)");
  expect(await curation.hasEdgeBetween(source, target)).toBe(false);
  // Drawn candidates, when there are any, are edges of the graph.
  for (const drawn of body.joins.filter((j) => j.passes && j.rule !== "declared")) {
    expect(
      await curation.hasEdgeBetween(`${drawn.from.table}.${drawn.from.column}`, `${drawn.to.table}.${drawn.to.column}`),
    ).toBe(true);
  }
  await page.screenshot({ path: "test-results/join-suggestions.png" });
});

test("finds a column and focuses a table's neighbourhood", async ({ page }) => {
  const { schema, curation } = await openSchema(page);
  await page.getByTestId("graph-find-column").fill("counties.region");
  await expect(schema.columnPanel()).toHaveAttribute("data-column", "region");
  await page.getByTestId("toggle-neighbourhood").check();
  // counties links to districts only: satscores fades, districts stays.
  await expect.poll(() => curation.nodeHasClass("satscores", "year", "faded")).toBe(true);
  expect(await curation.nodeHasClass("districts", "name", "faded")).toBe(false);
  await page.getByTestId("toggle-neighbourhood").uncheck();
  await expect.poll(() => curation.nodeHasClass("satscores", "year", "faded")).toBe(false);
  // Collapsed tables keep their keys and linking columns only.
  await page.getByTestId("toggle-collapse").check();
  await expect.poll(() => curation.nodeHasClass("schools", "phone", "collapsed")).toBe(true);
  expect(await curation.nodeHasClass("schools", "district_id", "collapsed")).toBe(false);
  expect(await curation.nodeHasClass("schools", "cds_code", "collapsed")).toBe(false);
});

test("asks SGAM on the sample: decomposition, attributes, paths on the schema graph, the right answer", async ({
  page,
}) => {
  await page.setViewportSize({ width: 1440, height: 1000 });
  const home = new HomePage(page);
  await home.goto();
  await home.open(SAMPLE);
  await new SchemaGraphPage(page).waitForIndexReady(90_000);
  await page.getByTestId("ask-link").click();
  const ask = new AskPage(page);
  await expect(ask.questionInput()).toBeVisible();
  await ask.ask("How many schools in Contra Costa county are directly funded?", { method: "sgam" });
  await expect(ask.answerText()).toHaveText("2", { timeout: 60_000 });
  await expect(page.getByTestId("decomposition-condition")).toHaveCount(2);
  await expect(page.getByTestId("retrieved-attribute").first()).toBeVisible();
  await expect(page.locator('[data-testid="schema-path"][data-status="found"]').first()).toBeVisible();
  await expect(page.locator('[data-testid="schema-path"][data-status="merged"]').first()).toBeVisible();
  const paths = page.getByTestId("sgam-paths");
  await expect(paths).toBeVisible();
  await expect(paths.getByTestId("schema-graph")).toHaveAttribute("data-ready", "true");
  expect(Number(await paths.getAttribute("data-path-count"))).toBeGreaterThan(1);
  await paths.scrollIntoViewIfNeeded();
  await page.screenshot({ path: "test-results/sgam-paths.png", fullPage: true });
});
