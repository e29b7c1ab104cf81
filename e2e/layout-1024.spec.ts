import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect, test, type Page } from "@playwright/test";
import { clippedText } from "./pages/clipped-text";
import { askApi, uploadIndexed } from "./pages/views";

// Issue #30: at 1024 px no name on the main pages is cut to an ellipsis, and no button is clipped.
test.describe.configure({ timeout: 180_000 });
let datasetId = "";
let runId = "";
let batchId = "";
let compareId = "";

function longNamedCsv(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "tablesight-e2e-long-"));
  const file = path.join(dir, "Quarterly revenue by product category and sales region.csv");
  const rows = ["Product category name,Sales region of the customer,Revenue in thousands of euros,Units sold"];
  ["Garden furniture", "Kitchen appliances", "Outdoor lighting", "Bathroom fittings"].forEach((c, i) =>
    rows.push(`${c},${["North-west", "South-east"][i % 2]},${120 + i * 17},${30 + i}`),
  );
  fs.writeFileSync(file, `${rows.join("\n")}\n`);
  return file;
}

test.beforeAll(async ({ request }) => {
  test.setTimeout(180_000);
  datasetId = await uploadIndexed(request, [longNamedCsv()], DATASET);
  runId = (
    await askApi(request, datasetId, "Which product category name has the highest revenue in thousands of euros?")
  ).runId;
  const compare = await request.post(`/api/datasets/${datasetId}/compare`, {
    headers: { accept: "application/json" },
    data: { question: "How many product categories are there?", methods: ["fgtr", "sgam"], reasoner: "local" },
  });
  expect(compare.ok()).toBe(true);
  compareId = (await compare.json()).compareId;
  const questions = [
    { id: "q1", question: "How many product categories are there?", answer: ["4"] },
    { id: "q2", question: "What is the highest revenue in thousands of euros?", answer: ["171"] },
  ]
    .map((q) => JSON.stringify(q))
    .join("\n");
  const set = await request.post(`/api/datasets/${datasetId}/question-sets`, {
    multipart: {
      name: SET,
      file: { name: "q.jsonl", mimeType: "application/json", buffer: Buffer.from(questions) },
    },
  });
  expect(set.status()).toBe(201);
  const started = await request.post(`/api/question-sets/${(await set.json()).id}/batches`, {
    data: { methods: ["fgtr", "sgam"] },
  });
  batchId = (await started.json()).batchId;
  await expect
    .poll(async () => (await (await request.get(`/api/batches/${batchId}`)).json()).status, { timeout: 120_000 })
    .toBe("done");
});

const DATASET = "Quarterly revenue by product category and sales region (Nordics and Baltics)";
const SET = "Quarterly revenue questions for the Nordics";
/** The names a page may show: the dataset's, its table's, its headers', the question set's. */
const NAMES = [
  DATASET,
  "Quarterly revenue by product category and sales region",
  "Product category name",
  "Sales region of the customer",
  "Revenue in thousands of euros",
  "Units sold",
  SET,
  "Riverbend schools (sample)",
];

/** What each page clips, collected over all pages so one run names every problem. */
const problems: string[] = [];

async function expectNothingClipped(page: Page, name: string) {
  await page.waitForLoadState("networkidle");
  const found = await clippedText(page, NAMES);
  fs.mkdirSync("test-results", { recursive: true });
  await page.screenshot({ path: `test-results/layout-1024-${name}.png`, fullPage: true });
  for (const c of found.ellipsis)
    problems.push(
      `${name}: "${c.text}" cut to an ellipsis (${c.tag} in ${c.testId}, ${c.clientWidth}/${c.scrollWidth} px)`,
    );
  for (const c of found.offscreen)
    problems.push(`${name}: "${c.text}" (${c.tag} in ${c.testId}) is outside the window`);
}

test("home, dataset, ask, run, compare and batch pages cut no name at 1024 px", async ({ page }) => {
  await page.setViewportSize({ width: 1024, height: 768 });
  await page.goto("/");
  await expect(page.getByTestId("dataset-list")).toContainText("Quarterly revenue by product category");
  await expectNothingClipped(page, "home");

  await page.goto(`/datasets/${datasetId}`);
  await expect(page.getByTestId("dataset-title")).toBeVisible();
  await expectNothingClipped(page, "dataset");

  await page.goto(`/datasets/${datasetId}/ask`);
  await page.getByTestId("question-input").fill("Which product category name has the highest units sold?");
  await page.getByTestId("ask-submit").click();
  await expect(page.getByTestId("answer-text")).toBeVisible({ timeout: 60_000 });
  await expectNothingClipped(page, "ask");

  await page.goto(`/runs/${runId}`);
  await expect(page.getByTestId("answer-text")).toBeVisible();
  await expectNothingClipped(page, "run");

  await page.goto(`/datasets/${datasetId}/compare`);
  await expect(page.getByTestId("question-input").or(page.locator("textarea")).first()).toBeVisible();
  await expectNothingClipped(page, "compare-form");
  await page.goto(`/compares/${compareId}`);
  await expect(page.getByTestId("compare-view")).toBeVisible();
  await expectNothingClipped(page, "compare");

  await page.goto(`/batches/${batchId}`);
  await expect(page.getByTestId("batch-summary")).toBeVisible();
  await expectNothingClipped(page, "batch");
  expect(problems).toEqual([]);
});
