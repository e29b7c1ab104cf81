import { expect, test, type APIRequestContext } from "@playwright/test";
import { AskPage } from "./pages/ask-page";
import { RunPage } from "./pages/run-page";
import { VerdictPanel } from "./pages/verdict-panel";

// A dataset written here: 12 makers, 40 models, 5,312 sensor readings.
const MAKERS = [
  "Alder",
  "Birch",
  "Cedar",
  "Dogwood",
  "Elm",
  "Fir",
  "Gum",
  "Hazel",
  "Ironwood",
  "Juniper",
  "Kauri",
  "Larch",
];
const FILES = {
  "car_makers.csv": `Id,Maker,Country\n${MAKERS.map(
    (m, i) => `${i + 1},${m},${["germany", "japan", "usa"][i % 3]}`,
  ).join("\n")}\n`,
  "model_list.csv": `ModelId,Maker,Model\n${Array.from(
    { length: 40 },
    (_, i) => `${i + 1},${((i * i) % 12) + 1},model${i}`,
  ).join("\n")}\n`,
  "readings.csv": `Station,Day,Temperature\n${Array.from(
    { length: 5312 },
    (_, i) => `ST${i % 7},2024-01-${String((i % 28) + 1).padStart(2, "0")},${((i * 13) % 40) - 5}`,
  ).join("\n")}\n`,
};

async function uploadAndIndex(request: APIRequestContext): Promise<string> {
  const multipart = new FormData();
  for (const [name, text] of Object.entries(FILES))
    multipart.append("files", new Blob([text], { type: "text/csv" }), name);
  multipart.append("name", "Verdict check");
  const res = await request.post("/api/datasets", { multipart });
  expect(res.status()).toBe(201);
  const { id } = await res.json();
  await expect
    .poll(async () => (await (await request.get(`/api/datasets/${id}`)).json()).index?.status, { timeout: 90_000 })
    .toBe("ready");
  return id;
}

test("an unsure answer shows its verdict, reason and runner-up; a truncated one says how many rows it has", async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const id = await uploadAndIndex(request);
  const ask = new AskPage(page);
  const verdict = new VerdictPanel(page);
  await ask.goto(id);

  // A superlative asks for one maker; the rule planner's query (the ranker switched off) over the
  // trained linker's columns returns several rows (ties kept, or one per model).
  await page.getByTestId("advanced-toggle").click();
  await page.getByTestId("param-ranker").fill("rules");
  await page.getByTestId("param-linker").fill("learned");
  await ask.ask("Which maker produces the most models?");
  await expect(ask.answer()).toBeVisible();
  await expect(verdict.box()).toHaveAttribute("data-verdict", "unsure");
  await expect(verdict.words()).toHaveText("Unsure");
  await expect(verdict.confidence()).toContainText(/\d+% likely right/);
  await expect(verdict.reason()).toHaveText(/^The question asks for one maker; the query returned \d+ rows$/);
  await expect(verdict.runnerUp()).toContainText("Runner-up:");
  await page.screenshot({ path: "test-results/verdict-unsure.png", fullPage: true });

  // The same verdict on the stored run's page.
  const runHref = await page.getByTestId("current-run-link").getAttribute("href");
  await page.goto(runHref!);
  await new RunPage(page).expectLoaded("Which maker produces the most models?");
  await expect(verdict.box()).toHaveAttribute("data-verdict", "unsure");
  await expect(verdict.reason()).toHaveText(/^The question asks for one maker; the query returned \d+ rows$/);
  await expect(verdict.runnerUp()).toBeVisible();

  // 5,312 readings, 200 shown: the answer says so, and the SQL shown is the SQL that ran.
  await ask.goto(id);
  await ask.ask("List the temperature of all readings.");
  await expect(ask.answer()).toBeVisible();
  await expect(verdict.truncated()).toHaveText("Showing the first 200 of 5,312 rows");
  await expect(page.getByTestId("answer-sql")).toContainText("LIMIT 200");
  await expect(verdict.box()).toBeVisible();
  await page.screenshot({ path: "test-results/verdict-truncated.png", fullPage: true });

  // Out of scope: no answer, why, and what the dataset holds.
  await ask.goto(id);
  await ask.ask("What is the capital of France?");
  await expect(verdict.box()).toHaveAttribute("data-verdict", "no-answer");
  await expect(verdict.words()).toHaveText("No answer");
  await expect(verdict.closest()).toContainText("Closest in this dataset:");
  await page.screenshot({ path: "test-results/verdict-no-answer.png", fullPage: true });
});
