import { expect, test } from "@playwright/test";
import { startFakeLlm, type FakeLlm } from "./fixtures/fake-llm";
import { AskPage } from "./pages/ask-page";

// Runs in the "llm" project: its app server was started with LLM_BASE_URL pointing at this fake.
let fake: FakeLlm;
test.beforeAll(async () => {
  fake = await startFakeLlm();
});
test.afterAll(async () => {
  await fake?.close();
});

test("asks FGTR with the llm reasoner against a fake OpenAI-compatible server", async ({ page }) => {
  const { datasets } = await (await page.request.get("/api/datasets")).json();
  const sample = datasets.find((d: { name: string }) => d.name === "Riverbend schools (sample)");
  const reasoners = await (await page.request.get("/api/reasoners")).json();
  expect(reasoners.reasoners[1]).toMatchObject({ id: "llm", available: true, label: "openai-compatible:fake-llm" });

  const ask = new AskPage(page);
  await ask.goto(sample.id);
  await expect(page.getByTestId("reasoner-help")).toHaveCount(0);
  await ask.ask("How many schools in Contra Costa county are directly funded?", { reasoner: "llm" });
  await expect(ask.answer()).toBeVisible({ timeout: 30_000 });
  await expect(ask.answerText()).toHaveText("2");
  await expect(ask.events("llm-call").first()).toBeVisible();
  await expect(ask.events("llm-call").first()).toContainText("openai-compatible:fake-llm");
  await expect(page.getByTestId("llm-tokens").first()).toContainText("→ 30 tokens");
  await expect(page.getByTestId("token-actual")).toContainText("input");
  await expect(ask.events("run-start").first()).toContainText("llm reasoner");
  expect(fake.calls).toBeGreaterThanOrEqual(4);
  await page.screenshot({ path: "test-results/ask-llm.png", fullPage: true });
});
