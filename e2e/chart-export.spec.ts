import { writeFile } from "node:fs/promises";
import { expect, test, type Page } from "@playwright/test";
import { AnswerResultPanel } from "./pages/answer-result";
import { AskPage } from "./pages/ask-page";
import { SqlBoxPage } from "./pages/sql-box";

const SAMPLE = "Riverbend schools (sample)";
const QUESTION = "What is the number of schools for each funding type?";

async function sampleId(page: Page): Promise<string> {
  const { datasets } = await (await page.request.get("/api/datasets")).json();
  const sample = datasets.find((d: { name: string }) => d.name === SAMPLE);
  expect(sample, "the sample dataset is seeded").toBeTruthy();
  return sample.id;
}

/** PNG width and height from its IHDR chunk (bytes 16–23), after checking the signature. */
function pngSize(bytes: Buffer): { width: number; height: number } {
  expect([...bytes.subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  expect(bytes.subarray(12, 16).toString("ascii")).toBe("IHDR");
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

test("a grouped answer's chart switches to the table and back, and saves as valid SVG and PNG files", async ({
  page,
}) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  const ask = new AskPage(page);
  await ask.goto(await sampleId(page));
  await ask.ask(QUESTION);
  const result = new AnswerResultPanel(page);
  await expect(result.chart()).toBeVisible({ timeout: 30_000 });
  expect(await result.chartKind()).toBe("bar");
  const bars = await result.bars().count();

  await result.show("table");
  await expect(result.chart()).toHaveCount(0);
  await expect(result.table()).toBeVisible();
  await result.show("chart");
  await expect(result.table()).toHaveCount(0);
  await expect(result.bars()).toHaveCount(bars);
  await ask.answer().screenshot({ path: "test-results/chart-only-1440.png" });
  await result.show("both");
  await expect(result.table()).toBeVisible();

  const svg = await result.download("chart-export-svg");
  expect(svg.name).toMatch(/\.svg$/);
  const text = svg.bytes.toString("utf8");
  expect(text).toMatch(/^<\?xml[^>]*\?>\s*<svg[^>]*xmlns="http:\/\/www\.w3\.org\/2000\/svg"/);
  // The file holds the chart: one bar per result row, and the browser decodes it as an image.
  expect(text.match(/<rect/g)?.length ?? 0).toBeGreaterThanOrEqual(bars);
  const drawn = await result.chart().locator("svg").first().boundingBox();
  const decodedSvg = await result.decode(svg.bytes, "image/svg+xml");
  expect(decodedSvg?.width).toBeCloseTo(drawn!.width, -1);

  const png = await result.download("chart-export-png");
  expect(png.name).toMatch(/\.png$/);
  const size = pngSize(png.bytes);
  // Drawn at twice the chart's size, and it decodes.
  expect(size.width).toBe(2 * decodedSvg!.width);
  expect(size.height).toBe(2 * decodedSvg!.height);
  expect(await result.decode(png.bytes, "image/png")).toEqual(size);
  // Kept to look at: what a user's file looks like.
  await writeFile("test-results/chart-export.png", png.bytes);
  await writeFile("test-results/chart-export.svg", svg.bytes);
});

test("a measure by date is drawn as a line and two measures as a scatter", async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  const id = await sampleId(page);
  const box = new SqlBoxPage(page);
  const result = new AnswerResultPanel(page);
  await page.goto(`/datasets/${id}/sql`);

  // Schools opened per decade, the decade written as an ISO date.
  await box.run("SELECT substr(opened, 1, 3) || '0-01-01' AS decade, COUNT(*) AS schools FROM schools GROUP BY decade");
  const decades = await box.rowTexts();
  expect(decades.length).toBeGreaterThanOrEqual(3);
  await expect(result.chart()).toHaveAttribute("data-kind", "line");
  await expect(result.line()).toHaveCount(1);
  await expect(result.dots()).toHaveCount(decades.length);
  // Points left to right in date order.
  const xs = await result.dots().evaluateAll((cs) => cs.map((c) => Number(c.getAttribute("cx"))));
  expect(xs).toEqual([...xs].sort((a, b) => a - b));
  await page.screenshot({ path: "test-results/chart-line-1440.png" });
  const svg = await result.download("chart-export-svg");
  expect(await result.decode(svg.bytes, "image/svg+xml")).not.toBeNull();

  await box.run("SELECT AvgScrRead, AvgScrMath FROM satscores");
  const scores = await box.rowTexts();
  const complete = scores.filter((r) => r[0] !== "null" && r[1] !== "null");
  await expect(result.chart()).toHaveAttribute("data-kind", "scatter");
  await expect(result.dots()).toHaveCount(complete.length);
  await expect(result.line()).toHaveCount(0);
  await page.screenshot({ path: "test-results/chart-scatter-1440.png" });
  await page.setViewportSize({ width: 1024, height: 768 });
  await page.screenshot({ path: "test-results/chart-scatter-1024.png" });
  const png = await result.download("chart-export-png");
  expect(pngSize(png.bytes).width).toBeGreaterThan(0);
});
