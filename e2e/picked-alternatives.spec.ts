import { type APIRequestContext, expect, test } from "@playwright/test";
import { AnswerActions } from "./pages/answer-actions";
import { AskPage } from "./pages/ask-page";
import { HomePage } from "./pages/home-page";

const SAMPLE = "Riverbend schools (sample)";
// The sample's gold (s16): SELECT count(*) FROM districts WHERE kind = 'Unified' → 4. No other spec asks it.
const QUESTION = { question: "How many districts are unified districts?", answer: "4" };

/** Forgets every learned answer of the sample: a pick is learned, and must not steer other specs. */
async function forgetLearned(request: APIRequestContext): Promise<void> {
  const { datasets } = await (await request.get("/api/datasets")).json();
  const sample = datasets.find((d: { name: string }) => d.name === SAMPLE);
  if (sample) expect((await request.delete(`/api/datasets/${sample.id}/learned`)).ok()).toBe(true);
}
test.beforeEach(async ({ request }) => forgetLearned(request));
test.afterAll(async ({ playwright }) => {
  const request = await playwright.request.newContext({ baseURL: test.info().project.use.baseURL });
  await forgetLearned(request);
  await request.dispose();
});

test("after picking an alternative reading the other readings stay on offer, the first answer's among them", async ({
  page,
}) => {
  const home = new HomePage(page);
  await home.goto();
  await home.open(SAMPLE);
  await page.getByTestId("ask-link").click();
  const ask = new AskPage(page);
  const actions = new AnswerActions(page);
  await ask.ask(QUESTION.question);
  await expect(ask.answerText()).toHaveText(QUESTION.answer);
  const first = (await actions.reading().textContent())!.trim();
  expect(await actions.alternatives().count()).toBeGreaterThanOrEqual(2);

  const picked = await actions.pick(0);
  await expect(actions.reading()).toHaveText(picked);
  // The readings not picked are still offered, and the first answer's reading can be picked back.
  await expect(actions.alternatives().first()).toBeVisible();
  const offered = (await actions.page.getByTestId("answer-alternative-reading").allTextContents()).map((t) => t.trim());
  expect(offered).not.toContain(picked);
  expect(offered).toContain(first);
  await ask.answer().scrollIntoViewIfNeeded();
  await page.screenshot({ path: "test-results/picked-alternatives.png" });
});
