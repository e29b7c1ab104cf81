import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect, test, type Page } from "@playwright/test";
import { AnswerResultPanel } from "./pages/answer-result";
import { AskPage } from "./pages/ask-page";
import { uploadIndexed } from "./pages/views";

const SAMPLE = "Riverbend schools (sample)";
// A grouped answer on the sample: FGTR answers it with COUNT(*) per schools.funding (checked below against the
// facet counts the grid's API reads with its own GROUP BY, not against numbers written here).
const QUESTION = "What is the number of schools for each funding type?";

async function sampleId(page: Page): Promise<string> {
  const { datasets } = await (await page.request.get("/api/datasets")).json();
  const sample = datasets.find((d: { name: string }) => d.name === SAMPLE);
  expect(sample, "the sample dataset is seeded").toBeTruthy();
  return sample.id;
}

type AnswerEvent = { type: string; result?: { columns: string[]; rows: (string | number | null)[][] } };

test("a grouped answer is drawn as bars beside its result table, from the run's answer event alone", async ({
  page,
}) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  const id = await sampleId(page);
  const ask = new AskPage(page);
  await ask.goto(id);
  await ask.ask(QUESTION);
  await expect(ask.answer()).toBeVisible({ timeout: 30_000 });
  const result = new AnswerResultPanel(page);
  await expect(result.table()).toBeVisible();
  await expect(result.chart()).toBeVisible();

  // The run's stored answer event is what the table and the chart draw.
  const runHref = await page.getByTestId("current-run-link").getAttribute("href");
  const runId = decodeURIComponent(runHref!.split("/").pop()!);
  const run = await (await page.request.get(`/api/runs/${runId}`)).json();
  const answer = (run.events as AnswerEvent[]).find((e) => e.type === "answer");
  expect(answer?.result, "the answer event carries its result table").toBeTruthy();
  const { columns, rows } = answer!.result!;
  expect(columns).toHaveLength(2);
  const measure = rows.every((r) => typeof r[0] === "number") ? 0 : 1;
  const labels = rows.map((r) => String(r[1 - measure]));
  const values = rows.map((r) => r[measure] as number);
  expect(rows.length).toBeGreaterThanOrEqual(2);

  // The same counts as the grid's facet of the grouped column (its own GROUP BY through the rows API).
  const facet = await (
    await page.request.get(
      `/api/datasets/${id}/tables/schools/facets?column=${encodeURIComponent(columns[1 - measure])}`,
    )
  ).json();
  const facetCounts = Object.fromEntries(facet.values.map((v: { value: string; count: number }) => [v.value, v.count]));
  expect(Object.fromEntries(labels.map((l, i) => [l, values[i]]))).toEqual(facetCounts);

  // The table shows every row as the event has it; the chart one bar per row, largest first.
  await expect(result.columns()).toHaveText(columns);
  expect(await result.rowTexts()).toEqual(rows.map((r) => r.map(String)));
  await expect(result.bars()).toHaveCount(rows.length);
  const order = values.map((_, i) => i).sort((a, b) => values[b] - values[a]);
  const sortedLabels = order.map((i) => labels[i]);
  const sortedValues = order.map((i) => values[i]);
  expect(await result.axisLabels()).toEqual(sortedLabels);
  const bars = await result.barGeometry();
  expect(bars.map((b) => b.y)).toEqual([...bars.map((b) => b.y)].sort((a, b) => a - b));
  // Bar lengths are proportional to the values (the x scale starts at zero), longest at the top.
  bars.forEach((b, i) => expect(b.width / bars[0].width).toBeCloseTo(sortedValues[i] / sortedValues[0], 2));
  // Beside the table, not under it, at a desktop width.
  const [tableBox, chartBox] = [await result.table().boundingBox(), await result.chart().boundingBox()];
  expect(chartBox!.x).toBeGreaterThan(tableBox!.x + tableBox!.width - 1);
  await ask.answer().screenshot({ path: "test-results/chart-answer.png" });

  // Reopened from its stored events, the run draws the same chart.
  await page.goto(runHref!);
  await expect(result.bars()).toHaveCount(rows.length);
  expect(await result.axisLabels()).toEqual(sortedLabels);
});

test("an answer of one value draws no chart", async ({ page }) => {
  const ask = new AskPage(page);
  await ask.goto(await sampleId(page));
  await ask.ask("How many schools in Contra Costa county are directly funded?");
  await expect(ask.answerText()).toHaveText("2");
  await expect(new AnswerResultPanel(page).chart()).toHaveCount(0);
});

test("orders per month: the answer groups by the month of the order date and draws a line, months in order", async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  // Orders over one year, a different number each month (month m has m + 2 orders).
  const lines = ["order_id,customer,order_date,amount"];
  let id = 1;
  for (let m = 1; m <= 12; m++)
    for (let k = 0; k < m + 2; k++)
      lines.push(
        `${id++},Customer ${k % 5},2023-${String(m).padStart(2, "0")}-${String(1 + k).padStart(2, "0")},${10 + k}.50`,
      );
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "tablesight-e2e-orders-"));
  const file = path.join(dir, "orders.csv");
  fs.writeFileSync(file, `${lines.join("\n")}\n`);
  const datasetId = await uploadIndexed(request, [file], "Orders by month");

  const ask = new AskPage(page);
  await ask.goto(datasetId);
  await ask.ask("How many orders per month?");
  const result = new AnswerResultPanel(page);
  await expect(result.chart()).toBeVisible({ timeout: 60_000 });
  await expect(result.chart()).toHaveAttribute("data-kind", "line");
  await expect(result.dots()).toHaveCount(12);
  expect(await result.xTickLabels()).toEqual([
    "Jan",
    "Feb",
    "Mar",
    "Apr",
    "May",
    "Jun",
    "Jul",
    "Aug",
    "Sep",
    "Oct",
    "Nov",
    "Dec",
  ]);
  // Left to right the counts rise by one a month, as the file has them.
  const ys = await result.dots().evaluateAll((cs) => cs.map((c) => Number(c.getAttribute("cy"))));
  expect(ys).toEqual([...ys].sort((a, b) => b - a));
  expect(await result.textProblems()).toEqual([]);
  await ask.answer().screenshot({ path: "test-results/chart-orders-per-month.png" });
});
