import { expect, type Page, test } from "@playwright/test";
import Papa from "papaparse";
import { SAMPLE_QUESTIONS } from "../lib/core/sample/questions";
import { AskPage } from "./pages/ask-page";
import { BatchPage, QuestionSetPage } from "./pages/evaluate-pages";

const SAMPLE = "Riverbend schools (sample)";
type Item = { questionId: string; method: string; correct: boolean | null; values: unknown[] };

async function sampleId(page: Page): Promise<string> {
  const { datasets } = await (await page.request.get("/api/datasets")).json();
  const sample = datasets.find((d: { name: string }) => d.name === SAMPLE);
  expect(sample, "the sample dataset is seeded").toBeTruthy();
  return sample.id;
}

/** The sample's verified questions as JSONL with two broken lines (3 and 6) among them. */
function setWithTwoBadLines(questions = SAMPLE_QUESTIONS.slice(0, 8)): string {
  const lines = questions.map((q) => JSON.stringify(q));
  lines.splice(2, 0, '{"question": "What is missing here?"}');
  lines.splice(5, 0, "{this is not json");
  return lines.join("\n");
}

test.describe.configure({ mode: "serial" });

test("uploads a set with two bad lines, runs two methods, filters wrong answers, opens a failure, compares", async ({
  page,
}) => {
  test.setTimeout(300_000);
  const datasetId = await sampleId(page);
  const sets = new QuestionSetPage(page);
  await sets.upload(datasetId, "e2e checks", "checks.jsonl", setWithTwoBadLines());
  await expect(sets.errors()).toHaveCount(2);
  await expect(sets.errors().nth(0)).toHaveAttribute("data-line", "3");
  await expect(sets.errors().nth(0)).toContainText("Line 3 has no answer");
  await expect(sets.errors().nth(1)).toHaveAttribute("data-line", "6");
  await expect(page.getByTestId("question-set-kept")).toHaveText("8");

  await sets.open("e2e checks");
  await expect(page.getByTestId("question-set-count")).toHaveText("8 questions");
  const before = await sets.runBatch(["fgtr", "sgam"]);
  await before.waitDone();
  await expect(page.getByTestId("batch-progress")).toHaveText("16/16");
  await expect(page.getByTestId("batch-summary-row")).toHaveCount(2);
  await expect(before.rows()).toHaveCount(8);
  await page.screenshot({ path: "test-results/batch-page.png", fullPage: true });

  const items: Item[] = await (await page.request.get(`/api/batches/${before.id()}/items`)).json();
  const wrong = items.filter((i) => i.correct === false);
  test.skip(wrong.length === 0, "every answer was right; there is no failure to open");
  await before.wrongOnly();
  const wrongQuestions = new Set(wrong.map((i) => i.questionId));
  await expect(before.rows()).toHaveCount(wrongQuestions.size);
  for (const row of await before.rows().all())
    expect(wrongQuestions.has((await row.getAttribute("data-question-id")) ?? "")).toBe(true);

  const failedMethod = wrong[0].method;
  await before.openFirstFailure(failedMethod);
  await expect(page.getByTestId("run-question")).toBeVisible();
  await expect(page.getByTestId("timeline-event").first()).toBeVisible();
  await expect(page.getByTestId("heatmaps")).toBeVisible();
  await expect(page.getByTestId("legend-gold")).toBeVisible();

  await compareAfterReupload(page, sets, before, items);
});

/**
 * Re-uploads the set with one right question's gold changed and one wrong question's gold set to
 * what FGTR answered, runs FGTR again, and expects exactly those two among the flipped questions.
 */
async function compareAfterReupload(page: Page, sets: QuestionSetPage, before: BatchPage, items: Item[]) {
  const fgtr = items.filter((i) => i.method === "fgtr");
  const right = fgtr.find((i) => i.correct === true);
  const wrong = fgtr.find((i) => i.correct === false && i.values.length > 0);
  expect(right, "FGTR answered one question right").toBeTruthy();
  const edited = SAMPLE_QUESTIONS.slice(0, 8).map((q) => {
    if (q.id === right?.questionId) return { ...q, answer: [`not ${q.answer.join(" ")}`] };
    if (q.id === wrong?.questionId) return { ...q, answer: wrong.values };
    return q;
  });
  await page.goBack();
  await page.goBack();
  await expect(page.getByTestId("question-set-title")).toHaveText("e2e checks");
  await sets.reupload("checks-v2.jsonl", edited.map((q) => JSON.stringify(q)).join("\n"));
  const after = await sets.runBatch(["fgtr"]);
  await after.waitDone();
  await page.goto(`/batches/${before.id()}/compare/${after.id()}`);
  await expect(page.getByTestId("compare-summary")).toContainText("8 answers compared");
  const broken = page.getByTestId("flipped-broken").getByTestId("flipped-row");
  await expect(broken).toHaveCount(1);
  await expect(broken).toContainText(SAMPLE_QUESTIONS.find((q) => q.id === right?.questionId)!.question);
  if (wrong) await expect(page.getByTestId("flipped-fixed").getByTestId("flipped-row")).toHaveCount(1);
  await broken.getByTestId("flipped-run-b").click();
  await expect(page.getByTestId("run-question")).toBeVisible();
}

/** 1,000 questions: the sample's verified ones, cycled, each with its own id. */
function thousandQuestions(): string {
  return Array.from({ length: 1000 }, (_, i) => {
    const q = SAMPLE_QUESTIONS[i % SAMPLE_QUESTIONS.length];
    return JSON.stringify({ ...q, id: `${q.id}-${i}` });
  }).join("\n");
}

test("the ask page takes input while a 1,000-question batch runs (input latency measured)", async ({ page }) => {
  test.setTimeout(180_000);
  const datasetId = await sampleId(page);
  const upload = await page.request.post(`/api/datasets/${datasetId}/question-sets`, {
    multipart: {
      name: "load",
      file: {
        name: "load.jsonl",
        mimeType: "application/json",
        buffer: Buffer.from(thousandQuestions()),
      },
    },
  });
  expect(upload.status()).toBe(201);
  const { id: setId } = await upload.json();
  const started = await page.request.post(`/api/question-sets/${setId}/batches`, {
    data: { methods: ["fgtr"] },
  });
  expect(started.status()).toBe(202);
  const { batchId } = await started.json();

  const ask = new AskPage(page);
  await ask.goto(datasetId);
  await expect
    .poll(async () => (await (await page.request.get(`/api/batches/${batchId}`)).json()).status)
    .toBe("running");
  // Each keystroke's latency: keydown until the frame after React rendered the input's new value.
  await page.evaluate(() => {
    const w = window as unknown as { __lat: number[] };
    w.__lat = [];
    const input = document.querySelector('[data-testid="question-input"]')!;
    input.addEventListener("keydown", () => {
      const t0 = performance.now();
      requestAnimationFrame(() => setTimeout(() => w.__lat.push(performance.now() - t0), 0));
    });
  });
  const typed = "Which county has the most schools in the sample?";
  await ask.questionInput().pressSequentially(typed, { delay: 30 });
  await expect(ask.questionInput()).toHaveValue(typed);
  const latencies: number[] = await page.evaluate(() => (window as unknown as { __lat: number[] }).__lat);
  // The grid's page reads during the batch, as the dataset page's grid makes them.
  const gridMs: number[] = [];
  for (let i = 0; i < 10; i++) {
    const t0 = Date.now();
    const rows = await page.request.get(`/api/datasets/${datasetId}/tables/schools/rows?offset=${i * 5}&limit=50`);
    expect(rows.ok()).toBe(true);
    gridMs.push(Date.now() - t0);
  }
  const status = await (await page.request.get(`/api/batches/${batchId}`)).json();
  expect(latencies).toHaveLength(typed.length);
  expect(status.status, "the batch was still running while the keys were typed").toBe("running");
  const sorted = [...latencies].sort((a, b) => a - b);
  const p50 = sorted[Math.floor(sorted.length / 2)];
  const p95 = sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * 0.95))];
  console.log(
    `input latency during a batch (${status.status}, ${status.done}/${status.total}): ` +
      `p50 ${p50.toFixed(1)} ms, p95 ${p95.toFixed(1)} ms`,
  );
  console.log(`grid page reads during the batch: ${gridMs.join(", ")} ms`);
  test
    .info()
    .annotations.push({ type: "input-latency", description: `p50 ${p50.toFixed(1)}, p95 ${p95.toFixed(1)} ms` });
  test.info().annotations.push({ type: "grid-reads", description: `${gridMs.join(", ")} ms` });
  await page.request.delete(`/api/batches/${batchId}`);
});

test("formula text and hostile gold SQL: the batch ends, the gold refused in words, no formula in its CSV", async ({
  page,
}) => {
  test.setTimeout(180_000);
  const datasetId = await sampleId(page);
  const [q] = SAMPLE_QUESTIONS;
  const lines = [
    { id: "f1", question: `=HYPERLINK("http://evil.example","x") ${q.question}`, answer: ["@SUM(1+1)"] },
    { id: "f2", question: `+cmd|' /C calc'!A0 ${q.question}`, answer: q.answer },
  ].map((line, i) => ({
    ...line,
    // Gold SQL that held a method's question thread ~150 s per question (issue 35).
    gold_sql: i === 0 ? `SELECT ${"(SELECT ".repeat(16)}1` : `SELECT ${"(SELECT ".repeat(13)}1 +${")".repeat(13)}`,
  }));
  const upload = await page.request.post(`/api/datasets/${datasetId}/question-sets`, {
    multipart: {
      name: "formulas",
      file: {
        name: "formulas.jsonl",
        mimeType: "application/json",
        buffer: Buffer.from(lines.map((l) => JSON.stringify(l)).join("\n")),
      },
    },
  });
  const { id: setId } = await upload.json();
  const started = await page.request.post(`/api/question-sets/${setId}/batches`, { data: { methods: ["fgtr"] } });
  const { batchId } = await started.json();
  await page.goto(`/batches/${batchId}`);
  const batch = new BatchPage(page, batchId);
  await batch.waitDone(60_000);
  const items: Array<{ error: string | null }> = await (await page.request.get(`/api/batches/${batchId}/items`)).json();
  expect(items).toHaveLength(2);
  for (const item of items) expect(item.error).toMatch(/parenthes|checked within|nested|parse/i);

  const href = await page.getByTestId("export-csv").getAttribute("href");
  const csv = await (await page.request.get(href ?? "")).text();
  const cells = Papa.parse<string[]>(csv, { newline: "\r\n" }).data.flat();
  expect(cells.filter((c) => /^[=+@\t\r]/.test(c) || /^-[^\d]/.test(c))).toEqual([]);
  expect(cells).toContain(`'${lines[0].question}`);
  expect(cells).toContain(`'${lines[1].question}`);
});
