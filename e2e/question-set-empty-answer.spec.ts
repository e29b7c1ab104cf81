import { expect, type Page, test } from "@playwright/test";
import { QuestionSetPage } from "./pages/evaluate-pages";

const SAMPLE = "Riverbend schools (sample)";

async function sampleId(page: Page): Promise<string> {
  const { datasets } = await (await page.request.get("/api/datasets")).json();
  const sample = datasets.find((d: { name: string }) => d.name === SAMPLE);
  expect(sample, "the sample dataset is seeded").toBeTruthy();
  return sample.id;
}

// The sample's SAT averages are at most 670, so the first question's right result has no rows;
// the second's right result has rows (six counties), so a gold of "no rows" makes any answer wrong.
const SET = [
  { id: "none", question: "Which schools have an average math score above 900?", answer: [] },
  { id: "some", question: "How many counties are there?", answer: [] },
];

test("a question set whose gold answer is an empty list imports, and its batch scores it", async ({ page }) => {
  test.setTimeout(180_000);
  const datasetId = await sampleId(page);
  const sets = new QuestionSetPage(page);
  await sets.upload(datasetId, "no rows", "no-rows.jsonl", SET.map((q) => JSON.stringify(q)).join("\n"));
  await expect(sets.errors()).toHaveCount(0);
  await expect(page.getByTestId("question-set-kept")).toHaveText("2");

  await sets.open("no rows");
  const batch = await sets.runBatch(["fgtr"]);
  await batch.waitDone();
  await expect(batch.rows()).toHaveCount(2);
  for (const row of await batch.rows().all()) await expect(row.getByTestId("question-gold")).toHaveText("(no rows)");

  const items: Array<{ questionId: string; correct: boolean | null; values: unknown[] }> = await (
    await page.request.get(`/api/batches/${batch.id()}/items`)
  ).json();
  const byQuestion = new Map(items.map((i) => [i.questionId, i]));
  expect(byQuestion.get("none")).toMatchObject({ correct: true, values: [] });
  expect(byQuestion.get("some")?.correct).toBe(false);
  expect(byQuestion.get("some")?.values.length).toBeGreaterThan(0);

  const row = (id: string) => page.locator(`[data-testid="question-row"][data-question-id="${id}"]`);
  await expect(row("none").getByTestId("cell-fgtr")).toHaveAttribute("data-correct", "true");
  await expect(row("some").getByTestId("cell-fgtr")).toHaveAttribute("data-correct", "false");
  await page.screenshot({ path: "test-results/batch-empty-answer.png", fullPage: true });
});
