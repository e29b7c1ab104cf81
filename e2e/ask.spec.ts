import { expect, test, type Page } from "@playwright/test";
import { AskPage, backgroundOf } from "./pages/ask-page";
import { HomePage } from "./pages/home-page";
import { RunPage } from "./pages/run-page";

const SAMPLE = "Riverbend schools (sample)";
// Verified with SQL on the sample: schools ⋈ districts ⋈ counties WHERE counties.name = 'Contra Costa'
// AND schools.funding = 'Directly funded' → 2 rows (rowids 17 and 20 of schools).
const QUESTION = "How many schools in Contra Costa county are directly funded?";
const ANSWER = "2";

async function sampleId(page: Page): Promise<string> {
  const { datasets } = await (await page.request.get("/api/datasets")).json();
  const sample = datasets.find((d: { name: string }) => d.name === SAMPLE);
  expect(sample, "the sample dataset is seeded").toBeTruthy();
  return sample.id;
}

test("asks FGTR on the sample: the trace grows before the answer, the heatmap is coloured, it is right", async ({
  page,
}) => {
  const home = new HomePage(page);
  await home.goto();
  await home.open(SAMPLE);
  await page.getByTestId("ask-link").click();
  const ask = new AskPage(page);
  await expect(ask.questionInput()).toBeVisible();
  await expect(page.getByTestId("reasoner-select")).toHaveValue("local");
  await expect(page.getByTestId("reasoner-help")).toContainText("LLM_BASE_URL");

  await page.getByTestId("advanced-toggle").click();
  await expect(page.getByTestId("param-k")).toHaveValue("5");
  await expect(page.getByTestId("param-theta")).toHaveValue("0.6");

  await ask.watchAppearances(["timeline-event", "answer"]);
  await ask.ask(QUESTION);
  await expect(ask.answer()).toBeVisible();
  const seen = await ask.appearances();
  expect(seen["timeline-event"], "a trace event was on screen").toBeDefined();
  expect(seen["timeline-event"]).toBeLessThan(seen.answer);
  await expect(ask.answerText()).toHaveText(ANSWER);
  await expect(page.getByTestId("answer-sql")).toContainText(/SELECT COUNT\(\*\)/i);
  await expect(page.getByTestId("evidence-cell").first()).toBeVisible();
  await expect(page.getByTestId("token-estimate")).toContainText("tokens");

  // The timeline: every FGTR stage left its mark.
  for (const type of [
    "run-start",
    "question-parse",
    "schema-vote",
    "schema-selection",
    "join-path",
    "column-range",
    "cell-hits",
    "sub-table",
    "sql",
    "answer",
    "run-end",
  ]) {
    await expect(ask.events(type).first(), type).toBeVisible();
  }
  await expect(ask.events("schema-vote")).toHaveCount(5);
  await expect(ask.voteChart()).toHaveAttribute("data-rounds", "5");
  await expect(ask.voteBar("counties", "name")).toHaveAttribute("data-kept", "true");
  await expect(page.getByTestId("theta-cut")).toBeVisible();
  await expect(page.getByTestId("join-path-diagram").first()).toBeVisible();

  // The heatmap of counties: the voted header is orange, the answer cell amber and outlined.
  await ask.openHeatmap("counties");
  const nameHeader = ask.heatmapHeader("name");
  await expect(nameHeader).toHaveAttribute("data-frequency", "1");
  expect(await backgroundOf(nameHeader)).toContain("249, 115, 22");
  // Every header's orange is as strong as its share of the votes (region: what the rounds gave it).
  const region = ask.heatmapHeader("region");
  const regionShare = Math.round(Number(await region.getAttribute("data-frequency")) * 100) / 100;
  expect(await backgroundOf(region)).toContain(`249, 115, 22, ${regionShare})`);
  const answerCell = ask.heatmapCells("answer").filter({ hasText: "Contra Costa" });
  await expect(answerCell).toHaveCount(1);
  expect(await answerCell.evaluate((el) => getComputedStyle(el).outlineStyle)).toBe("solid");
  const darkGreen = await backgroundOf(page.getByTestId("legend-constrained"));
  const lightGreen = await backgroundOf(page.getByTestId("legend-dependent"));
  expect(darkGreen).not.toBe(lightGreen);
  // Answer cells are drawn apart from merely retrieved ones: their own fill, besides the outline.
  const answerFill = await backgroundOf(page.getByTestId("legend-answer"));
  expect([darkGreen, lightGreen]).not.toContain(answerFill);
  expect(await backgroundOf(answerCell)).toBe(answerFill);
  expect(await backgroundOf(ask.heatmapCells("dependent").first())).toBe(lightGreen);

  // The schools heatmap: constrained funding cells dark green, and the toggle shows every row.
  const schools = await ask.openHeatmap("schools");
  await expect(ask.heatmapCells("answer").first()).toBeVisible();
  const funding = ask.heatmapCells("constrained").and(page.locator('[data-column="funding"]'));
  const directly = funding.filter({ hasText: "Directly funded" }).first();
  await expect(directly).toBeVisible();
  expect(await backgroundOf(directly)).toBe(darkGreen);
  const retrievedRows = Number(await schools.getAttribute("data-rows"));
  await ask.retrievedOnly().uncheck();
  await expect(schools).toHaveAttribute("data-rows", "55");
  expect(retrievedRows).toBeLessThanOrEqual(55);
  await ask.retrievedOnly().check();
  await page.screenshot({ path: "test-results/ask-workbench.png", fullPage: true });
});

test("reopens a run from the dataset's history and replays it step by step", async ({ page }) => {
  const id = await sampleId(page);
  const res = await page.request.post(`/api/datasets/${id}/ask`, {
    headers: { accept: "application/json" },
    data: { question: QUESTION, method: "fgtr", reasoner: "local" },
  });
  expect(res.ok()).toBe(true);
  const { runId, events, answer } = await res.json();
  expect(answer.text).toBe(ANSWER);

  await page.goto(`/datasets/${id}`);
  await page.locator(`[data-testid="run-item"][data-run-id="${runId}"] [data-testid="run-link"]`).click();
  const run = new RunPage(page);
  await run.expectLoaded(QUESTION);
  await expect(run.position()).toHaveAttribute("data-total", String(events.length));
  await expect(run.answer()).toContainText(ANSWER);

  await run.toStart();
  await expect(run.events()).toHaveCount(0);
  await expect(run.answer()).toHaveCount(0);
  await run.step();
  await expect(run.events()).toHaveCount(1);
  await expect(run.events().first()).toHaveAttribute("data-type", "run-start");
  await run.step();
  await run.step();
  await expect(run.position()).toHaveAttribute("data-step", "3");
  await run.back();
  await expect(run.position()).toHaveAttribute("data-step", "2");
  // Halfway: part of the trace, no answer yet.
  await run.slider().fill(String(Math.floor(events.length / 2)));
  await expect(run.answer()).toHaveCount(0);
  await run.toEnd();
  await expect(run.answer()).toContainText(ANSWER);
  // Stage start/end events are the stage headers; every other event is a timeline line, or one of a
  // line's identical repeats ("× 5").
  const entries = events.filter((e: { type: string }) => e.type !== "stage-start" && e.type !== "stage-end");
  const repeats = await run.events().evaluateAll((els) => els.map((el) => Number(el.getAttribute("data-repeats"))));
  expect(repeats.reduce((a, b) => a + b, 0)).toBe(entries.length);
  await expect(page.getByTestId("timeline-stage")).toHaveCount(
    events.filter((e: { type: string }) => e.type === "stage-start").length,
  );
  await page.screenshot({ path: "test-results/run-replay.png", fullPage: true });
});

test("explains a refused question and keeps the page usable", async ({ page }) => {
  const id = await sampleId(page);
  const ask = new AskPage(page);
  await ask.goto(id);
  await page.getByTestId("ask-submit").click();
  await expect(page.getByTestId("question-error")).toContainText("Type a question");
  const long = await page.request.post(`/api/datasets/${id}/ask`, {
    headers: { accept: "application/json" },
    data: { question: "x".repeat(5000), method: "fgtr" },
  });
  expect(long.status()).toBe(400);
  expect((await long.json()).error.message).toContain("2,000");
  await ask.ask("Which county has the most schools?");
  await expect(ask.answer().or(page.getByTestId("run-error"))).toBeVisible();
});
