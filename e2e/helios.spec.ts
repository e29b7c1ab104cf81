import path from "node:path";
import { expect, test } from "@playwright/test";
import { AskPage } from "./pages/ask-page";
import { HomePage } from "./pages/home-page";
import { PassagesPage } from "./pages/passages-page";
import { RunPage } from "./pages/run-page";

const FIXTURES = path.join(import.meta.dirname, "fixtures", "helios");
// films.csv names each film's director; only the directors' passages say where they were born
// (directors.jsonl: "Mei Lin … She was born in Tainan."), so the question needs both.
const QUESTION = "Where was the director of Glass Rivers born?";

test(
  "HELIOS: upload a table and its passages, see the links, ask a question that needs both and watch the " +
    "bipartite graph grow",
  async ({ page }) => {
    const home = new HomePage(page);
    await home.goto();
    await home.upload([path.join(FIXTURES, "films.csv")]);
    await home.expectImported();
    const { datasets } = await (await page.request.get("/api/datasets")).json();
    const id = datasets.find((d: { name: string }) => d.name === "films").id as string;

    const passages = new PassagesPage(page);
    await passages.goto(id);
    await passages.upload([path.join(FIXTURES, "directors.jsonl"), path.join(FIXTURES, "more.jsonl")]);
    await expect(passages.result()).toContainText("Added 6 passages");
    await expect(passages.problems()).toHaveCount(2);
    await expect(passages.problems().nth(0)).toHaveAttribute("data-line", "2");
    await expect(passages.problems().nth(0)).toContainText("more.jsonl: Line 2 is not valid JSON");
    await expect(passages.problems().nth(1)).toContainText("no title");
    await expect(passages.item("Mei Lin (director)").getByTestId("passage-links")).toContainText(
      "films #4 (director, exact)",
    );
    await expect(passages.item("Gdansk").getByTestId("passage-links")).toHaveText("Links to no row");
    await expect(page.getByTestId("bipartite-counts")).toContainText("5 links");
    await expect(passages.graph()).toHaveAttribute("data-edges", "5");
    await page.screenshot({ path: "test-results/helios-passages.png", fullPage: true });
    await passages.search("Tainan");
    await expect(page.getByTestId("passage-item")).toHaveCount(1);

    const ask = new AskPage(page);
    await ask.goto(id);
    await page.getByTestId("method-select").selectOption("helios");
    await page.getByTestId("advanced-toggle").click();
    await expect(page.getByTestId("param-k1")).toHaveValue("400");
    await ask.questionInput().fill(QUESTION);
    await page.getByTestId("ask-submit").click();
    await expect(ask.answerText()).toHaveText("Tainan");
    for (const type of ["edge-retrieval", "seed-selection", "expansion", "aggregation", "passage-verification"])
      await expect(ask.events(type).first()).toBeVisible();
    await expect(page.getByTestId("answer-passage-sentence")).toContainText("She was born in Tainan.");
    const graph = page.getByTestId("bipartite-graph");
    await expect(graph).toBeVisible();
    await expect(graph).toHaveAttribute("data-edges", /^[1-9]\d*$/);
    const star = page.getByTestId("star-view");
    await expect(star).toHaveAttribute("data-segment", "s:films:4");
    await expect(star.getByTestId("star-cell").filter({ hasText: "Mei Lin" })).toHaveCount(1);
    await expect(star.getByTestId("answer-sentence")).toHaveText("She was born in Tainan.");
    await page.getByTestId("helios-panel").scrollIntoViewIfNeeded();
    await page.screenshot({ path: "test-results/helios-bipartite.png", fullPage: true });

    // Replayed step by step, the graph grows with the events: retrieval, expansion, the answer's star.
    await page.getByTestId("current-run-link").click();
    const run = new RunPage(page);
    await run.expectLoaded(QUESTION);
    await run.toStart();
    const seen: number[] = [];
    const total = Number(await run.position().getAttribute("data-total"));
    expect(total).toBeGreaterThan(10);
    for (let i = 0; i < total; i++) {
      await run.step();
      const g = page.getByTestId("bipartite-graph");
      if (await g.count()) seen.push(Number(await g.getAttribute("data-edges")));
    }
    expect(seen.length).toBeGreaterThan(3);
    expect(
      seen.every((n, i) => i === 0 || n >= seen[i - 1]),
      `edge counts: ${seen.join(", ")}`,
    ).toBe(true);
    expect(seen.at(-1)!).toBeGreaterThan(seen[0]);
    await expect(run.answer()).toContainText("Tainan");
  },
);

// lighthouses.csv holds names, countries, years and heights; who designed each lighthouse is only
// in its passage (lighthouse-passages.jsonl), so the trained reader must read the answer from text.
const DESIGNER_QUESTION = "Who designed the lighthouse in Scotland?";

test("HELIOS: the trained reader answers from a passage span, highlights it and shows its candidates", async ({
  page,
}) => {
  const home = new HomePage(page);
  await home.goto();
  await home.upload([path.join(FIXTURES, "lighthouses.csv")]);
  await home.expectImported();
  const { datasets } = await (await page.request.get("/api/datasets")).json();
  const id = datasets.find((d: { name: string }) => d.name === "lighthouses").id as string;
  const passages = new PassagesPage(page);
  await passages.goto(id);
  await passages.upload([path.join(FIXTURES, "lighthouse-passages.jsonl")]);
  await expect(passages.result()).toContainText("Added 4 passages");

  const ask = new AskPage(page);
  await ask.goto(id);
  await page.getByTestId("method-select").selectOption("helios");
  // The trained reader is a parameter (the overlap reader is the default).
  await page.getByTestId("advanced-toggle").click();
  await page.getByTestId("param-reader").fill("learned");
  await ask.questionInput().fill(DESIGNER_QUESTION);
  await page.getByTestId("ask-submit").click();
  await expect(ask.answerText()).toHaveText("David Alan Stevenson");
  await expect(page.getByTestId("answer-passage-sentence")).toContainText(
    "It was designed by the engineer David Alan Stevenson.",
  );
  await expect(ask.answerSpan()).toHaveText("David Alan Stevenson");
  await expect(ask.events("reader-candidates")).toHaveCount(1);
  await expect(ask.readerCandidates().first()).toContainText("David Alan Stevenson");
  expect(await ask.readerCandidates().count()).toBeGreaterThan(1);
  await ask.events("reader-candidates").scrollIntoViewIfNeeded();
  await page.screenshot({ path: "test-results/helios-reader.png", fullPage: true });
});
