import { expect, test, type Page } from "@playwright/test";
import { AskPage } from "./pages/ask-page";
import { ComparePage } from "./pages/compare-page";
import { RunAddress } from "./pages/run-address";

const SAMPLE = "Riverbend schools (sample)";
const QUESTION = "How many schools in Contra Costa county are directly funded?";
const SECOND = "What is the number of schools for each funding type?";

async function sampleId(page: Page): Promise<string> {
  const { datasets } = await (await page.request.get("/api/datasets")).json();
  const sample = datasets.find((d: { name: string }) => d.name === SAMPLE);
  expect(sample, "the sample dataset is seeded").toBeTruthy();
  return sample.id;
}

/** What the workbench shows of a run: question, answer, reading, verdict and the trace's event kinds. */
async function shownRun(page: Page, ask: AskPage, address: RunAddress) {
  return {
    question: await ask.questionInput().inputValue(),
    answer: await ask.answerText().textContent(),
    reading: await page.getByTestId("answer-reading").first().textContent(),
    verdict: await page.getByTestId("answer-verdict").getAttribute("data-verdict"),
    trace: await address.timelineTypes(),
    heatmapAnswerCells: await ask.heatmapCells("answer").count(),
  };
}

/** Waits until the question's stream has ended (the Ask button is back). */
async function streamEnded(page: Page): Promise<void> {
  await expect(page.getByTestId("ask-submit")).toHaveText("Ask", { timeout: 30_000 });
}

test("asking puts the run in the address as it streams; a reload shows the same run from its stored events", async ({
  page,
}) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  const id = await sampleId(page);
  const ask = new AskPage(page);
  const address = new RunAddress(page);
  await ask.goto(id);
  expect(address.runId()).toBeNull();
  await address.watchAddressAtAnswer();
  await ask.ask(QUESTION);
  await expect(ask.answer()).toBeVisible({ timeout: 30_000 });
  const runId = await address.waitForRun();
  // The address named the run when its answer arrived (it is set from the stream's first event).
  expect(await address.addressAtAnswer()).toContain(`run=${runId}`);
  expect(new URL(page.url()).pathname).toBe(`/datasets/${id}/ask`);
  await streamEnded(page);
  await expect(ask.heatmapCells("answer").first()).toBeVisible();
  const before = await shownRun(page, ask, address);
  expect(before.answer).toBe("2");
  expect(before.trace.length).toBeGreaterThan(5);
  await page.screenshot({ path: "test-results/run-url-live-1440.png" });

  await page.reload();
  await expect(ask.answerText()).toHaveText(before.answer!);
  await expect(page.getByTestId("shown-run-status")).toHaveAttribute("data-status", "done");
  await expect(ask.heatmapCells("answer").first()).toBeVisible();
  expect(address.runId()).toBe(runId);
  expect(await shownRun(page, ask, address)).toEqual(before);
  // What the page shows is the stored run: its answer event, its end.
  const stored = await (await page.request.get(`/api/runs/${runId}`)).json();
  expect(stored.status).toBe("done");
  const events = stored.events as { type: string; text?: string }[];
  expect(events.find((e) => e.type === "answer")?.text).toBe(before.answer);
  expect(events.at(-1)?.type).toBe("run-end");
  await page.screenshot({ path: "test-results/run-url-reloaded-1440.png" });
});

test("a page reloaded right after the answer never leaves its run 'running'", async ({ page }) => {
  const id = await sampleId(page);
  const ask = new AskPage(page);
  const address = new RunAddress(page);
  await ask.goto(id);
  await ask.ask(SECOND);
  await expect(ask.answer()).toBeVisible({ timeout: 30_000 });
  const runId = await address.waitForRun();
  // At once: the server may still be storing the run's last events and its end.
  await page.reload();
  expect(address.runId()).toBe(runId);
  await expect(page.getByTestId("shown-run-status")).toHaveAttribute("data-status", "done");
  await expect(ask.events("run-end")).toHaveCount(1);
  await expect(ask.answer()).toBeVisible();
  // Past runs follows without another reload.
  await expect(address.historyStatus(runId)).toHaveAttribute("data-status", "done");
  const stored = await (await page.request.get(`/api/runs/${runId}`)).json();
  expect(stored.status).toBe("done");
});

test("a page reloaded while its question runs shows that run as far as it got, ended, never 'running'", async ({
  page,
}) => {
  const id = await sampleId(page);
  const ask = new AskPage(page);
  const address = new RunAddress(page);
  await ask.goto(id);
  await ask.ask(SECOND);
  // As soon as the address names the run (its first event), before the answer.
  const runId = await address.waitForRun();
  await page.reload();
  expect(address.runId()).toBe(runId);
  await expect(ask.questionInput()).toHaveValue(SECOND);
  // The page that asked left, so the server stopped the run (or it had just finished): it ends either way.
  const ended = page.getByTestId("shown-run-status");
  await expect(ended).toHaveAttribute("data-status", /^(done|failed)$/);
  await expect(ask.events("run-end")).toHaveCount(1);
  await expect(address.historyStatus(runId)).toHaveAttribute("data-status", /^(done|failed)$/);
  if ((await ended.getAttribute("data-status")) === "failed")
    await expect(ask.events("error")).toContainText("closed or reloaded");
  await page.screenshot({ path: "test-results/run-url-reloaded-mid-stream-1440.png" });
});

test("Back returns to the run after navigating away, and steps between two asked questions", async ({ page }) => {
  const id = await sampleId(page);
  const ask = new AskPage(page);
  const address = new RunAddress(page);
  await ask.goto(id);
  await ask.ask(QUESTION);
  await expect(ask.answerText()).toHaveText("2", { timeout: 30_000 });
  const first = await address.waitForRun();
  await streamEnded(page);

  await ask.ask(SECOND);
  const second = await address.waitForRun(first);
  await expect(page.getByTestId("answer-result")).toBeVisible({ timeout: 30_000 });
  await streamEnded(page);
  const secondAnswer = await ask.answerText().textContent();

  // Away to the dataset page, then Back: the second run again.
  await page.getByTestId("dataset-link").click();
  await expect(page).toHaveURL(new RegExp(`/datasets/${id}(\\?.*)?$`));
  await page.goBack();
  await expect(page).toHaveURL(new RegExp(`run=${second}`));
  await expect(ask.questionInput()).toHaveValue(SECOND);
  await expect(ask.answerText()).toHaveText(secondAnswer!);

  // Back once more: the first question's run, its question in the box.
  await page.goBack();
  await expect(page).toHaveURL(new RegExp(`run=${first}`));
  await expect(ask.questionInput()).toHaveValue(QUESTION);
  await expect(ask.answerText()).toHaveText("2");
  await expect(page.getByTestId("answer-result")).toHaveCount(0);
  await page.goForward();
  await expect(page).toHaveURL(new RegExp(`run=${second}`));
  await expect(ask.answerText()).toHaveText(secondAnswer!);
  await page.setViewportSize({ width: 1024, height: 768 });
  await page.screenshot({ path: "test-results/run-url-back-1024.png" });
});

test("a compare is in the address too: a reload and Back show the same compare from its stored runs", async ({
  page,
}) => {
  const id = await sampleId(page);
  const compare = new ComparePage(page);
  await compare.goto(id);
  await compare.compare(QUESTION, ["fgtr", "sgam"]);
  await expect.poll(() => new URL(page.url()).searchParams.get("compare")).not.toBeNull();
  const compareId = new URL(page.url()).searchParams.get("compare")!;
  await compare.expectDone(["fgtr", "sgam"]);
  const answers = [await compare.answer("fgtr").textContent(), await compare.answer("sgam").textContent()];

  await page.reload();
  expect(new URL(page.url()).searchParams.get("compare")).toBe(compareId);
  await compare.expectDone(["fgtr", "sgam"]);
  expect([await compare.answer("fgtr").textContent(), await compare.answer("sgam").textContent()]).toEqual(answers);
  await expect(page.getByTestId("compare-question")).toHaveValue(QUESTION);
  await page.setViewportSize({ width: 1024, height: 768 });
  await page.screenshot({ path: "test-results/run-url-compare-reloaded-1024.png" });

  await page.getByTestId("dataset-link").click();
  await expect(page).toHaveURL(new RegExp(`/datasets/${id}(\\?.*)?$`));
  await page.goBack();
  await expect(page).toHaveURL(new RegExp(`compare=${compareId}`));
  await compare.expectDone(["fgtr", "sgam"]);
  expect(await compare.answer("fgtr").textContent()).toBe(answers[0]);
});

test("a run's address under another dataset opens it under its own dataset", async ({ page }) => {
  const id = await sampleId(page);
  const asked = await page.request.post(`/api/datasets/${id}/ask`, {
    headers: { accept: "application/json" },
    data: { question: QUESTION, method: "fgtr" },
  });
  const { runId } = await asked.json();
  const other = await page.request.post("/api/datasets", {
    multipart: { files: { name: "other.csv", mimeType: "text/csv", buffer: Buffer.from("a,b\n1,2\n") } },
  });
  const otherId = (await other.json()).id as string;
  try {
    await page.goto(`/datasets/${otherId}/ask?run=${runId}`);
    await expect(page).toHaveURL(new RegExp(`/datasets/${id}/ask\\?run=${runId}$`));
    await expect(new AskPage(page).answerText()).toHaveText("2", { timeout: 30_000 });
  } finally {
    await page.request.delete(`/api/datasets/${otherId}`);
  }
});
