import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect, test, type Page } from "@playwright/test";
import { makeCarDatabase } from "./fixtures/car-fixture";
import { CurationPage } from "./pages/curation-page";
import { SchemaCanvas } from "./pages/schema-canvas";
import { SchemaGraphPage } from "./pages/schema-graph-page";
import { uploadIndexed } from "./pages/views";

// Issue #21: the schema graph stays where the user looks while they curate it.
// Each test stands alone on the dataset (a failed test restarts the worker, which uploads it again).
test.describe.configure({ timeout: 150_000 });
let datasetId = "";

test.beforeAll(async ({ request }) => {
  datasetId = await uploadIndexed(request, [makeCarDatabase()], "Cars (graph)");
});

async function openGraph(page: Page) {
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto(`/datasets/${datasetId}`);
  const schema = new SchemaGraphPage(page);
  await schema.openSchemaGraph();
  return { canvas: new SchemaCanvas(page), curation: new CurationPage(page) };
}

test("edges say what they are; likely joins are drawn (what the methods join on) and the legend hides them", async ({
  page,
}) => {
  const { canvas } = await openGraph(page);
  const edges = await canvas.edges();
  const keys = edges.filter((e) => e.kind === "foreign_key");
  expect(keys).toHaveLength(3);
  for (const e of keys) expect(e.label).toBe("FK");
  const discovered = edges.filter((e) => e.kind === "discovered");
  expect(discovered.length).toBeGreaterThan(0);
  for (const e of discovered) {
    expect(e.visible).toBe(true);
    expect(e.label).toMatch(/^likely join (\d+%|ω [\d.]+)$/);
  }
  // The legend counts what is drawn, under the same word the Curate panel and the Joins tab use.
  const legend = page.locator('[data-testid="legend-item"][data-kind="likely"]');
  await expect(legend).toHaveAttribute("data-count", String(discovered.length));
  await expect(page.getByTestId("graph-summary")).toContainText(`${discovered.length} likely join`);
  // Hover gives the kind and the columns (and for a discovered join ω and its parts).
  const point = await canvas.edgePoint("foreign_key");
  await page.mouse.move(point.x, point.y);
  const tooltip = page.getByTestId("schema-tooltip");
  await expect(tooltip).toContainText("Foreign key");
  // The hovered key's columns, "child.column → parent.column".
  await expect(tooltip).toContainText(/\w+\.\w+ → \w+\.\w+/);
  await page.screenshot({ path: "test-results/views-graph-suggestions.png" });
  await legend.click();
  for (const e of (await canvas.edges()).filter((x) => x.kind === "discovered")) expect(e.visible).toBe(false);
});

test("drawing: a line follows the pointer; saving keeps nodes in place, only the new edge glows; Ctrl+Z", async ({
  page,
}) => {
  const { canvas, curation } = await openGraph(page);
  await expect(curation.edges()).toHaveCount(0);
  // The graph opens at reading size; the whole of it is in view after "Fit to screen".
  await page.getByTestId("graph-fit").click();
  await expect.poll(() => canvas.animating()).toBe(false);
  await canvas.mark();
  const before = await canvas.positions();

  await page.getByTestId("draw-mode").click();
  await expect(canvas.graph()).toHaveAttribute("data-drawing", "true");
  const a = await curation.nodePoint("model_list", "Model");
  const b = await curation.nodePoint("car_names", "Make");
  await page.mouse.move(a.x, a.y);
  await page.mouse.down();
  const mid = { x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 + 15 };
  await page.mouse.move(mid.x, mid.y, { steps: 6 });
  const end = await canvas.drawingLineEnd();
  expect(end, "a line is drawn from the pressed column").not.toBeNull();
  expect(Math.hypot(end!.x - mid.x, end!.y - mid.y)).toBeLessThan(4);
  await page.mouse.move(b.x, b.y, { steps: 6 });
  await page.mouse.up();
  expect(await canvas.drawingLineEnd()).toBeNull();
  await expect(page.getByTestId("edge-form")).toBeVisible();
  await curation.saveNewEdge("derivation", "names the make");
  await expect(curation.edges()).toHaveCount(1);

  await expect.poll(async () => (await canvas.edges()).filter((e) => e.kind === "derivation").length).toBe(1);
  expect(await canvas.isMarked(), "the graph was not drawn anew").toBe(true);
  expect(await canvas.positions()).toEqual(before);
  const after = await canvas.edges();
  expect(after.filter((e) => e.fresh).map((e) => e.kind)).toEqual(["derivation"]);
  expect(after.find((e) => e.kind === "derivation")!.label).toBe("derived: names the make");
  await page.screenshot({ path: "test-results/views-graph-new-edge.png" });
  await expect.poll(async () => (await canvas.edges()).some((e) => e.fresh), { timeout: 5_000 }).toBe(false);

  await page.getByTestId("draw-mode").click();
  await page.locator("body").click({ position: { x: 5, y: 5 } });
  await page.keyboard.press("Control+z");
  await expect(curation.edges()).toHaveCount(0);
  await expect.poll(async () => (await canvas.edges()).some((e) => e.kind === "derivation")).toBe(false);
  // The undo has settled (its refetches done) when Redo can be pressed.
  await expect(page.getByTestId("redo")).toBeEnabled();
  await page.keyboard.press("Control+Shift+Z");
  await expect(curation.edges()).toHaveCount(1);
  expect(await canvas.isMarked()).toBe(true);
  expect(await canvas.positions()).toEqual(before);
});

test("importing a graph file shows the edges it adds and removes, and asks before applying", async ({ page }) => {
  const kept = `/api/datasets/${datasetId}/schema-graph/edges`;
  if ((await (await page.request.get(kept)).json()).edges.length === 0) {
    const edge = { source: "model_list.Model", target: "car_names.Make", kind: "derivation", label: "names the make" };
    expect((await page.request.post(kept, { data: edge })).ok()).toBe(true);
  }
  const { curation } = await openGraph(page);
  await expect(curation.edges()).toHaveCount(1);
  await expect(curation.edges().first()).toHaveAttribute("data-kind", "derivation");
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "tablesight-e2e-graph-")), "graph.json");
  const edges = [{ source: "car_names.Model", target: "model_list.Model", kind: "join", label: "same model" }];
  fs.writeFileSync(file, JSON.stringify({ format: "tablesight.schema-graph", version: 1, edges }));

  await page.getByTestId("import-graph").setInputFiles(file);
  const preview = page.getByTestId("import-preview");
  await expect(preview).toBeVisible();
  await expect(preview.getByTestId("import-added")).toHaveText([/join car_names\.Model → model_list\.Model/]);
  await expect(preview.getByTestId("import-removed")).toHaveText([/derivation model_list\.Model → car_names\.Make/]);
  await page.screenshot({ path: "test-results/views-graph-import.png" });
  await page.getByTestId("import-cancel").click();
  await expect(preview).toHaveCount(0);
  await expect(curation.edges()).toHaveCount(1);
  await expect(curation.edges().first()).toHaveAttribute("data-kind", "derivation");

  await page.getByTestId("import-graph").setInputFiles(file);
  await page.getByTestId("import-apply").click();
  await expect(page.getByTestId("import-report")).toContainText("1 new");
  await expect(curation.edges()).toHaveCount(1);
  await expect(curation.edges().first()).toHaveAttribute("data-kind", "join");
});
