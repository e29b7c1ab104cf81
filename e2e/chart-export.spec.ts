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
  // No axis title over a tick label, no label past the chart's edge (the PNG is the same drawing).
  expect(await result.textProblems()).toEqual([]);

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

test("per month a line, months in order; a label and two measures a scatter of named dots; no text cut", async ({
  page,
}) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  const id = await sampleId(page);
  const box = new SqlBoxPage(page);
  const result = new AnswerResultPanel(page);
  await page.goto(`/datasets/${id}/sql`);

  // Schools opened per month of the year, as the reasoner writes a date part.
  await box.run(
    "SELECT CAST(strftime('%m', opened) AS INTEGER) AS month, COUNT(*) AS schools FROM schools " +
      "GROUP BY 1 ORDER BY 2 DESC",
  );
  const months = await box.rowTexts();
  expect(months.length).toBeGreaterThanOrEqual(3);
  await expect(result.chart()).toHaveAttribute("data-kind", "line");
  await expect(result.dots()).toHaveCount(months.length);
  const names = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];
  const expected = months
    .map((r) => Number(r[0]))
    .sort((a, b) => a - b)
    .map((m) => names[m - 1]);
  expect(await result.xTickLabels()).toEqual(expected);
  const xs = await result.dots().evaluateAll((cs) => cs.map((c) => Number(c.getAttribute("cx"))));
  expect(xs).toEqual([...xs].sort((a, b) => a - b));
  expect(await result.textProblems()).toEqual([]);
  const monthsPng = await result.download("chart-export-png");
  await writeFile("test-results/chart-per-month.png", monthsPng.bytes);

  // One label and two measures: every dot named, no name or dot cut at the chart's edge.
  await box.run(
    "SELECT s.name, t.AvgScrRead, t.AvgScrMath FROM satscores t JOIN schools s ON s.cds_code = t.cds " +
      "WHERE t.AvgScrRead IS NOT NULL AND t.AvgScrMath IS NOT NULL ORDER BY t.AvgScrMath DESC LIMIT 12",
  );
  const named = await box.rowTexts();
  await expect(result.chart()).toHaveAttribute("data-kind", "scatter");
  await expect(result.dots()).toHaveCount(named.length);
  // Names, not unlabelled dots: the first rows' names always, a later one unless it would cover another.
  const drawn = await result.pointLabels().evaluateAll((ts) => ts.map((t) => t.textContent ?? ""));
  const short = named.map((r) => (r[0].length > 24 ? `${r[0].slice(0, 23)}…` : r[0]));
  expect(drawn.length).toBeGreaterThanOrEqual(Math.ceil(named.length / 2));
  expect(drawn).toContain(short[0]);
  for (const name of drawn) expect(short).toContain(name);
  // Every dot still names itself on hover.
  const titles = await result.dots().evaluateAll((cs) => cs.map((c) => c.querySelector("title")?.textContent ?? ""));
  expect(titles.map((t) => t.split(":")[0]).sort()).toEqual(named.map((r) => r[0]).sort());
  expect(await result.textProblems()).toEqual([]);
  const scatterPng = await result.download("chart-export-png");
  await writeFile("test-results/chart-labelled-scatter.png", scatterPng.bytes);
  await page.setViewportSize({ width: 1024, height: 768 });
  await page.reload();
  await expect(result.chart()).toHaveAttribute("data-kind", "scatter");
  await expect(result.pointLabels().first()).toBeVisible();
  expect(await result.textProblems()).toEqual([]);
  await result.chart().screenshot({ path: "test-results/chart-labelled-scatter-1024.png" });
});
