import { expect, test } from "@playwright/test";
import { AskPage } from "./pages/ask-page";
import { HomePage } from "./pages/home-page";

const SAMPLE = "Riverbend schools (sample)";
// Verified with SQL on the sample: 2 directly funded schools in Contra Costa county.
const QUESTION = "How many schools in Contra Costa county are directly funded?";

test("the trace lists the ranked candidate programs, the winner first, and the answer uses its SQL", async ({
  page,
}) => {
  const home = new HomePage(page);
  await home.goto();
  await home.open(SAMPLE);
  await page.getByTestId("ask-link").click();
  const ask = new AskPage(page);
  await ask.ask(QUESTION);
  await expect(ask.answerText()).toHaveText("2");
  const card = ask.events("program-candidates");
  await expect(card).toHaveCount(1);
  const candidates = card.getByTestId("program-candidate");
  expect(await candidates.count()).toBeGreaterThanOrEqual(2);
  expect(await candidates.count()).toBeLessThanOrEqual(5);
  const probabilities = await card.getByTestId("program-candidate-probability").allTextContents();
  const values = probabilities.map((p) => Number.parseFloat(p));
  expect(values).toEqual([...values].sort((a, b) => b - a));
  const winner = (await candidates.first().locator("pre").textContent())?.trim();
  await expect(page.getByTestId("answer-sql")).toContainText(winner!.slice(0, 40));
  await card.scrollIntoViewIfNeeded();
  await page.screenshot({ path: "test-results/program-candidates.png", fullPage: false });
});
