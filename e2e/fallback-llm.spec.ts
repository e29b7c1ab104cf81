import net from "node:net";
import { expect, test } from "@playwright/test";
import { AskPage } from "./pages/ask-page";
import { VerdictPanel } from "./pages/verdict-panel";

// Runs in the "llm" project, whose app server was started with LLM_BASE_URL at the fake model's port
// and LLM_TIMEOUT_MS=10000. This spec starts no fake there, so the configured model is unreachable.
const LLM_TIMEOUT_MS = 10_000;
const QUESTION = "How many schools in Contra Costa county are directly funded?";

async function refuses(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, "127.0.0.1");
    socket.once("connect", () => {
      socket.destroy();
      resolve(false);
    });
    socket.once("error", () => resolve(true));
  });
}

test("an unreachable model: the answer panel says the local reasoner answered, with the local verdict", async ({
  page,
}) => {
  const llmPort = Number(process.env.E2E_LLM_PORT ?? 3199);
  expect(await refuses(llmPort)).toBe(true);
  await page.setViewportSize({ width: 1440, height: 900 });
  const { datasets } = await (await page.request.get("/api/datasets")).json();
  const sample = datasets.find((d: { name: string }) => d.name === "Riverbend schools (sample)");
  const ask = new AskPage(page);
  const verdict = new VerdictPanel(page);

  await ask.goto(sample.id);
  await ask.ask(QUESTION, { reasoner: "local" });
  await expect(ask.answerText()).toHaveText("2", { timeout: 30_000 });
  await expect(page.getByTestId("answer-fallback")).toHaveCount(0);
  await expect(verdict.words()).toBeVisible();
  const localWords = await verdict.words().textContent();
  const localConfidence = await verdict.confidence().textContent();

  await ask.goto(sample.id);
  const asked = Date.now();
  await ask.ask(QUESTION, { reasoner: "llm" });
  const note = page.getByTestId("answer-fallback");
  await expect(note).toBeVisible({ timeout: LLM_TIMEOUT_MS });
  const saidWithin = Date.now() - asked;
  expect(saidWithin).toBeLessThan(LLM_TIMEOUT_MS);
  await expect(note).toContainText("did not answer");
  await expect(note).toContainText(/Cannot connect|refused|ECONNREFUSED|fetch failed/i);
  await expect(note).toContainText("this answer is the local reasoner's");
  await expect(ask.answerText()).toHaveText("2");
  await expect(verdict.words()).toHaveText(localWords ?? "");
  await expect(verdict.confidence()).toHaveText(localConfidence ?? "");
  console.log(`fallback said ${saidWithin} ms after asking (limit ${LLM_TIMEOUT_MS} ms): ${await note.textContent()}`);
  await page.screenshot({ path: "test-results/answer-fallback.png" });
});
