import fs from "node:fs";
import { expect, test, type Page } from "@playwright/test";
import { makeWideSchemaDb } from "./fixtures/wide-schema";
import type { Core } from "cytoscape";
import { CellGraphPage } from "./pages/cell-graph-page";
import { GraphMetrics, linesBrokenInWords } from "./pages/graph-metrics";
import { SchemaGraphPage } from "./pages/schema-graph-page";
import { uploadIndexed } from "./pages/views";

type CyHost = HTMLElement & { _cyreg?: { cy?: Core } };

// Issue #30: a schema graph for real schemas, checked on a 30-object database (26 tables, 4 views).
test.describe.configure({ timeout: 180_000 });
let datasetId = "";

test.beforeAll(async ({ request }) => {
  test.setTimeout(180_000);
  datasetId = await uploadIndexed(request, [makeWideSchemaDb()], "Retail (30 tables)");
});

async function openGraph(page: Page, width: number, height: number) {
  await page.setViewportSize({ width, height });
  await page.goto(`/datasets/${datasetId}?view=schema`);
  const schema = new SchemaGraphPage(page);
  await expect(schema.graph()).toHaveAttribute("data-ready", "true");
  await expect(schema.graph()).toHaveAttribute("data-table-count", "30");
  return { schema, metrics: new GraphMetrics(schema.graph()) };
}

for (const [width, height] of [
  [1440, 900],
  [1024, 768],
] as const) {
  test(`at ${width}×${height} every title reads at the default zoom, views stand apart, Fit overlaps nothing`, async ({
    page,
  }) => {
    const { metrics } = await openGraph(page, width, height);
    const brokenTitles = async () =>
      (await metrics.titleLines()).flatMap((t) =>
        linesBrokenInWords(
          t.title,
          // A view's zoomed-out card ends in a line of its own that says so.
          t.lines.filter((l) => l !== "(view)"),
        ).map((l) => `${t.table}: "${l}" of ${JSON.stringify(t.lines)}`),
      );
    expect(await brokenTitles()).toEqual([]);
    const fonts = await metrics.titleFonts();
    expect(fonts).toHaveLength(30);
    const small = fonts.filter((f) => !f.shown || f.px < 11);
    expect(small, `titles under 11 px: ${JSON.stringify(small)}`).toEqual([]);
    const boxes = await metrics.boxes();
    const views = boxes.filter((b) => b.view);
    expect(views.map((v) => v.table).sort()).toEqual([
      "Customer order totals by country and year",
      "Employee directory",
      "Open purchase orders",
      "Product stock",
    ]);
    for (const b of boxes) expect(b.dashed, b.table).toBe(b.view);
    // A view says so in words in its title.
    for (const t of (await metrics.titleLines()).filter((t) => views.some((v) => v.table === t.table)))
      expect(t.lines.join(" "), t.table).toMatch(/view/);
    await expect(page.getByTestId("legend-view")).toBeVisible();
    fs.mkdirSync("docs/screenshots", { recursive: true });
    await page.screenshot({ path: `docs/screenshots/schema-graph-30-tables-${width}.png` });

    await page.getByTestId("graph-fit").click();
    await expect.poll(() => metrics.zoom()).toBeLessThan(0.9);
    expect(await metrics.overlaps()).toEqual([]);
    // Zoomed out, titles are still drawn at 11 px or more on screen (above their boxes).
    await expect.poll(async () => (await metrics.titleFonts()).filter((f) => !f.shown || f.px < 11)).toEqual([]);
    // …and no title runs into another one, none is broken inside a word.
    expect(await metrics.overlaps(true)).toEqual([]);
    expect(await brokenTitles()).toEqual([]);
    // The schema has likely joins; at Fit none is drawn until the toggle shows them.
    const likely = await metrics.likelyEdges();
    expect(likely.total).toBeGreaterThan(0);
    expect(likely.drawn).toBe(0);
    await page.getByTestId("toggle-likely-at-fit").check();
    await expect.poll(async () => (await metrics.likelyEdges()).drawn).toBe(likely.total);
    await page.getByTestId("toggle-likely-at-fit").uncheck();
    await expect.poll(async () => (await metrics.likelyEdges()).drawn).toBe(0);
    await page.screenshot({ path: `docs/screenshots/schema-graph-30-tables-${width}-fit.png` });
  });
}

test("collapse shrinks each box to what it shows; no two boxes overlap", async ({ page }) => {
  const { metrics } = await openGraph(page, 1440, 900);
  const before = await metrics.boxFill();
  await page.getByTestId("toggle-collapse").check();
  await expect
    .poll(async () => (await metrics.boxFill()).find((b) => b.table === "Product")?.box)
    .toBeLessThan(before.find((b) => b.table === "Product")!.box);
  // A collapsed box holds its header and shown columns, with only padding and row gaps to spare.
  for (const b of await metrics.boxFill()) expect(b.box, b.table).toBeLessThan(b.content + 12 + 4 * 20);
  expect(await metrics.overlaps()).toEqual([]);
  await page.getByTestId("graph-fit").click();
  expect(await metrics.overlaps()).toEqual([]);
  await page.screenshot({ path: "docs/screenshots/schema-graph-30-tables-collapsed.png" });
});

test("search highlights and centres a table or column; the keyboard moves between tables", async ({ page }) => {
  const { schema, metrics } = await openGraph(page, 1440, 900);
  await page.getByTestId("graph-find-column").fill("PromotionAttribute6");
  await expect(page.getByTestId("graph-search-count")).toContainText("1 of 1");
  await expect.poll(() => metrics.hasClass("Promotion.PromotionAttribute6", "search-hit")).toBe(true);
  await expect.poll(() => metrics.onScreen("Promotion.PromotionAttribute6")).toBe(true);
  await page.getByTestId("graph-find-column").fill("");

  await schema.graph().focus();
  await page.keyboard.press("Tab");
  const first = await schema.graph().getAttribute("data-keyboard-table");
  expect(first).toBeTruthy();
  await page.keyboard.press("ArrowRight");
  await expect(schema.graph()).not.toHaveAttribute("data-keyboard-table", first!);
  const table = (await schema.graph().getAttribute("data-keyboard-table"))!;
  expect(await metrics.hasClass(`table:${table}`, "kbd-focus")).toBe(true);
  expect(await metrics.onScreen(`header:${table}`)).toBe(true);
  await expect(page.getByTestId("graph-keyboard-status")).toContainText(table);
  await page.keyboard.press("Enter");
  await expect(schema.columnPanel()).toHaveAttribute("data-table", table);
  await page.keyboard.press("Escape");
  await expect(schema.graph()).toHaveAttribute("data-keyboard-table", "");
});

test("a wide table's cell graph draws its text at 11 px or more", async ({ page }) => {
  await page.setViewportSize({ width: 1024, height: 768 });
  await page.goto(`/datasets/${datasetId}`);
  await page.locator('[data-testid="table-tab"][data-table-name="SalesOrderHeader"]').click();
  const cells = new CellGraphPage(page);
  await cells.openFromTable();
  const canvas = page.getByTestId("cell-graph-canvas");
  await expect.poll(() => canvas.evaluate((el) => Boolean((el as CyHost)._cyreg?.cy))).toBe(true);
  const px = await canvas.evaluate((el) => {
    const cy = (el as CyHost)._cyreg!.cy!;
    return Math.min(...cy.nodes().map((n) => Number.parseFloat(String(n.style("font-size"))) * cy.zoom()));
  });
  expect(px).toBeGreaterThanOrEqual(11);
});
