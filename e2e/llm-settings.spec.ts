import net from "node:net";
import { expect, test } from "@playwright/test";
import { type FakeLlm, startFakeLlm } from "./fixtures/fake-llm";
import { AskPage } from "./pages/ask-page";
import { SettingsPage } from "./pages/settings-page";

// Runs in the "app" project, whose server has no model in its environment: the model is chosen on
// the settings page and points at a fake OpenAI-compatible server on a free loopback port.
const KEY = "sk-e2e-settings-7f3a";
let fake: FakeLlm;
test.beforeAll(async () => {
  fake = await startFakeLlm(0);
});
test.afterAll(async ({ request }) => {
  // Other specs share this app server: leave it with no model, as it started.
  await request.delete("/api/settings/llm");
  await fake?.close();
});

async function closedPort(): Promise<number> {
  const probe = net.createServer();
  await new Promise<void>((resolve) => probe.listen(0, "127.0.0.1", resolve));
  const { port } = probe.address() as net.AddressInfo;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}

test("a model set on the settings page answers a question, its llm steps in the trace", async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto("/");
  const settings = new SettingsPage(page);
  await settings.openFromHeader();
  await expect(settings.active()).toContainText("No language model is configured");

  await settings.fill({ baseURL: fake.baseURL, model: "fake-llm", apiKey: KEY });
  await settings.test();
  await expect(settings.testResult()).toHaveAttribute("data-ok", "true");
  await expect(settings.testResult()).toContainText(`openai-compatible:fake-llm at ${fake.baseURL} answered in`);
  await settings.save();
  await expect(page.getByTestId("llm-saved")).toBeVisible();
  await expect(settings.active()).toContainText(`openai-compatible:fake-llm at ${fake.baseURL} — saved on this page`);
  await expect(settings.keyState()).toHaveText("key set (stored encrypted)");

  // The key never comes back to the browser, also not after a reload.
  expect(await (await page.request.get("/api/settings/llm")).text()).not.toContain(KEY);
  await page.reload();
  await expect(settings.keyState()).toHaveText("key set (stored encrypted)");
  await expect(page.getByTestId("llm-model")).toHaveValue("fake-llm");
  await expect(page.getByTestId("llm-api-key")).toHaveCount(0);
  await page.screenshot({ path: "test-results/llm-settings-1440.png", fullPage: true });
  await page.setViewportSize({ width: 1024, height: 768 });
  await page.screenshot({ path: "test-results/llm-settings-1024.png", fullPage: true });

  const reasoners = await (await page.request.get("/api/reasoners")).json();
  expect(reasoners.reasoners[1]).toMatchObject({ id: "llm", available: true, source: "settings" });
  const { datasets } = await (await page.request.get("/api/datasets")).json();
  const sample = datasets.find((d: { name: string }) => d.name === "Riverbend schools (sample)");
  const callsBefore = fake.calls;
  const ask = new AskPage(page);
  await ask.goto(sample.id);
  await ask.ask("How many schools in Contra Costa county are directly funded?", { reasoner: "llm" });
  await expect(ask.answer()).toBeVisible({ timeout: 30_000 });
  await expect(ask.answerText()).toHaveText("2");
  await expect(ask.events("run-start").first()).toContainText("llm reasoner");
  await expect(ask.events("llm-call").first()).toContainText("openai-compatible:fake-llm");
  expect(await ask.events("llm-call").count()).toBeGreaterThanOrEqual(4);
  expect(fake.calls - callsBefore).toBeGreaterThanOrEqual(4);
  // The run's calls carried the stored key, opened on the server.
  expect(fake.auths.at(-1)).toBe(`Bearer ${KEY}`);
});

test("a base URL where nothing listens fails the test with a message that says so", async ({ page }) => {
  const settings = new SettingsPage(page);
  await settings.goto();
  const port = await closedPort();
  await settings.fill({ baseURL: `http://127.0.0.1:${port}/v1`, model: "fake-llm" });
  // The key saved above belongs to the fake server's address: it is not sent to this one.
  await expect(settings.keyBound()).toContainText(fake.baseURL);
  await settings.test();
  await expect(settings.error()).toContainText("never sent to another address");
  await page.getByTestId("llm-key-clear").click();
  await settings.test();
  await expect(settings.testResult()).toHaveAttribute("data-ok", "false");
  await expect(settings.testResult()).toHaveText(
    `✗ Test failed: Cannot connect to http://127.0.0.1:${port}/v1: nothing is listening there ` +
      "(connection refused). Check the base URL and that the server runs.",
  );
  await page.screenshot({ path: "test-results/llm-settings-failed-test.png", fullPage: true });

  // Not a URL at all: refused before any call, naming the field.
  await settings.fill({ baseURL: "localhost:11434", model: "fake-llm" });
  await settings.save();
  await expect(settings.error()).toContainText("The base URL must be an http:// or https:// address");
});

test("saving a model whose test just failed asks first, and so does removing it", async ({ page }) => {
  const settings = new SettingsPage(page);
  await settings.goto();
  const saved = await settings.active().textContent();
  const port = await closedPort();
  await settings.fill({ baseURL: `http://127.0.0.1:${port}/v1`, model: "broken-llm" });
  if (await page.getByTestId("llm-key-clear").isVisible()) await page.getByTestId("llm-key-clear").click();
  await settings.test();
  await expect(settings.testResult()).toHaveAttribute("data-ok", "false");

  await settings.save();
  await expect(settings.confirm()).toContainText("The test of these settings just failed: Cannot connect");
  await page.screenshot({ path: "test-results/llm-settings-confirm-save.png" });
  await page.getByTestId("confirm-no").click();
  await expect(settings.confirm()).toHaveCount(0);
  await expect(settings.active()).toHaveText(saved ?? "");

  await settings.save();
  await page.getByTestId("confirm-yes").click();
  await expect(settings.active()).toContainText(`openai-compatible:broken-llm at http://127.0.0.1:${port}/v1`);

  await page.getByTestId("llm-remove").click();
  await expect(settings.confirm()).toContainText("Remove the saved model?");
  await page.screenshot({ path: "test-results/llm-settings-confirm-remove.png" });
  await page.getByTestId("confirm-no").click();
  await expect(settings.active()).toContainText("broken-llm");
  await page.getByTestId("llm-remove").click();
  await page.getByTestId("confirm-yes").click();
  await expect(settings.active()).toContainText("No language model is configured");
});
