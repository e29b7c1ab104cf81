import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { DatasetPage } from "./pages/dataset-page";
import { uploadIndexed } from "./pages/views";

// Issue #36, item 6: on a dataset's page the grid (and on its Schema graph tab the graph) starts
// above the fold at 1440×900 and 1024×768, even with questions asked, import notes and a column
// to check in the import report: they are one line each until opened.
test.describe.configure({ timeout: 180_000 });
const SIZES = [
  { width: 1440, height: 900 },
  { width: 1024, height: 768 },
];

function messyCsv(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "tablesight-e2e-fold-"));
  const file = path.join(dir, "country.csv");
  const rows = ["name,surfacearea,share,remark,code,name"];
  for (let i = 0; i < 30; i++)
    rows.push(`Place ${i},${9970610 + i}.0,0.000${i + 1},"  ",${i % 5 ? i : `x${i}`},dup ${i}`);
  fs.writeFileSync(file, `${rows.join("\n")}\n`);
  return file;
}

let datasetId = "";
test.beforeAll(async ({ request }) => {
  datasetId = await uploadIndexed(request, [messyCsv()], "Countries with notes");
  for (const q of [
    "How many places are there?",
    "What is the largest surfacearea?",
    "Which name has the largest share?",
  ])
    await request.post(`/api/datasets/${datasetId}/ask`, {
      headers: { accept: "application/json" },
      data: { question: q, method: "fgtr", reasoner: "local" },
    });
});

function expectAboveFold(what: string, box: { y: number; height: number } | null, height: number) {
  expect(box, `${what} is drawn`).not.toBeNull();
  expect(box!.y + box!.height, `${what} ends at ${box!.y + box!.height} px of ${height}`).toBeLessThanOrEqual(height);
}

for (const size of SIZES) {
  test(`the grid's first row and the schema graph are above the fold at ${size.width}×${size.height}`, async ({
    page,
  }) => {
    await page.setViewportSize(size);
    await page.goto(`/datasets/${datasetId}`);
    const dataset = new DatasetPage(page);
    await expect(dataset.grid()).toBeVisible();
    const first = page.getByTestId("grid-row").first();
    await expect(first).toBeVisible();
    await expect(page.getByTestId("dataset-runs").getByTestId("run-item").first()).toBeAttached();
    // Nothing scrolled: the first row as a user arriving sees it.
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    expectAboveFold("the grid's first row", await first.boundingBox(), size.height);
    // The import report still says there is a column to check, on its one line.
    await expect(dataset.columnTypingFlagged()).toContainText("1 to check: code (mixed)");
    // The README shows this page as a user arriving sees it.
    fs.mkdirSync("docs/screenshots", { recursive: true });
    await page.screenshot({ path: `docs/screenshots/dataset-grid-${size.width}.png` });

    await page.getByTestId("schema-tab").click();
    const graph = page.getByTestId("schema-graph");
    await expect(graph).toHaveAttribute("data-ready", "true", { timeout: 30_000 });
    const graphBox = await graph.boundingBox();
    // The graph's top half at least is in view.
    expectAboveFold("the top half of the schema graph", { y: graphBox!.y, height: graphBox!.height / 2 }, size.height);
    await page.screenshot({ path: `test-results/above-fold-graph-${size.width}.png` });
  });
}
