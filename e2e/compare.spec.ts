import { expect, type Page, test } from "@playwright/test";
import { makeSpiderLikeDb } from "./fixtures/spider-like";
import { ComparePage } from "./pages/compare-page";
import { DiffPage } from "./pages/diff-page";
import { HomePage } from "./pages/home-page";
import { SteerPanel } from "./pages/steer-panel";

// Issue 15: compare methods side by side, diff two runs, pin / exclude and re-run.
test.describe.configure({ timeout: 150_000 });

const SAMPLE = "Riverbend schools (sample)";
const METHODS = ["fgtr", "sgam", "graphotter"];

async function datasetId(page: Page, name: string): Promise<string> {
  const { datasets } = await (await page.request.get("/api/datasets")).json();
  const found = datasets.find((d: { name: string }) => d.name === name);
  expect(found, `dataset ${name}`).toBeTruthy();
  return found.id;
}

async function askJson(page: Page, id: string, question: string): Promise<{ runId: string; answer: { sql?: string } }> {
  const res = await page.request.post(`/api/datasets/${id}/ask`, {
    data: { question, method: "fgtr" },
    headers: { accept: "application/json" },
  });
  expect(res.status()).toBe(200);
  return res.json();
}

test("compare streams 3 methods side by side, with one combined heatmap and a shareable replay", async ({ page }) => {
  const id = await datasetId(page, SAMPLE);
  const compare = new ComparePage(page);
  await page.setViewportSize({ width: 1440, height: 900 });
  await compare.goto(id);
  await compare.compare("Which county has the most schools?", METHODS);
  for (const m of METHODS) await expect(compare.column(m)).toBeVisible();
  await compare.expectDone(METHODS);
  for (const m of METHODS) await expect(compare.answer(m)).not.toHaveText("…");
  for (const phase of ["parsing", "retrieval", "answer"])
    await expect(page.getByTestId(`stage-row-${phase}`)).toBeVisible();
  const all = await compare.cells().count();
  expect(all).toBeGreaterThan(0);
  await expect(compare.cells().first().locator("[data-marker]").first()).toBeVisible();
  // SQL is shown as the user could run it on their own file, without the app's attached-schema name.
  await expect(page.getByTestId("compare-sql-fgtr")).toContainText("SELECT");
  await expect(page.getByTestId("compare-sql-fgtr")).not.toContainText("src1");
  await page.screenshot({ path: "test-results/compare-1440.png", fullPage: true });
  await compare.toggleDisagreeOnly();
  const disagreeing = await compare.cells().count();
  expect(disagreeing).toBeLessThanOrEqual(all);
  for (const flag of await compare.cells().evaluateAll((els) => els.map((e) => e.getAttribute("data-disagree"))))
    expect(flag).toBe("true");
  await page.setViewportSize({ width: 1024, height: 768 });
  await page.screenshot({ path: "test-results/compare-1024.png", fullPage: true });

  const answers = await Promise.all(METHODS.map(async (m) => (await compare.answer(m).textContent()) ?? ""));
  await compare.shareLink().click();
  await expect(page).toHaveURL(/\/compares\//);
  for (const [i, m] of METHODS.entries()) await expect(compare.answer(m)).toHaveText(answers[i]);
});

test("the diff of two methods' runs shows an added and a removed cell", async ({ page }) => {
  const id = await datasetId(page, SAMPLE);
  const compare = new ComparePage(page);
  await compare.goto(id);
  await compare.compare("Which county has the most schools?", METHODS);
  await compare.expectDone(METHODS);
  // GraphOTTER reads one table's cells, FGTR retrieves by columns: their cells differ both ways.
  await compare
    .column("graphotter")
    .getByRole("link", { name: /Diff with/ })
    .click();
  const diff = new DiffPage(page);
  await diff.expectLoaded();
  await expect(diff.cells("added").first()).toBeVisible();
  await expect(diff.cells("removed").first()).toBeVisible();
  await expect(page.getByTestId("diff-sql")).not.toContainText("src1");
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.screenshot({ path: "test-results/diff-1440.png", fullPage: true });
  await page.setViewportSize({ width: 1024, height: 768 });
  await page.screenshot({ path: "test-results/diff-1024.png", fullPage: true });
});

async function excludeAndRerun(page: Page, runId: string, column: string, cellsBothWays = false): Promise<void> {
  await page.goto(`/runs/${runId}`);
  const steer = new SteerPanel(page);
  await steer.exclude(column);
  await page.screenshot({ path: `test-results/steer-${column}.png` });
  const child = await steer.rerun();
  expect(child).not.toBe(runId);
  await expect(page.getByTestId("constraint-card").first()).toBeVisible();
  await steer.openDiffWithParent();
  const diff = new DiffPage(page);
  await diff.expectLoaded();
  await expect(diff.sqlRemoved().first()).toBeVisible();
  await expect(diff.sql()).toContainText(column.split(".")[1]);
  await expect(diff.removedColumns()).toContainText([column]);
  await expect(diff.cells("removed").first()).toBeVisible();
  // Without the column's filter the average rests on other rows: cells are added as well.
  if (cellsBothWays) await expect(diff.cells("added").first()).toBeVisible();
  const after = await (await page.request.get(`/api/runs/${child}`)).json();
  expect(after.answer?.sql ?? "").not.toContain(`"${column.split(".")[1]}"`);
}

test("a re-run that excludes a column changes the SQL, on the sample", async ({ page }) => {
  const id = await datasetId(page, SAMPLE);
  const parent = await askJson(page, id, "How many schools in Contra Costa county are directly funded?");
  expect(parent.answer.sql).toContain('"funding"');
  await excludeAndRerun(page, parent.runId, "schools.funding");
});

test("compare, re-run without a column and diff on an uploaded Spider-like database", async ({ page }) => {
  const home = new HomePage(page);
  await home.goto();
  await home.upload([makeSpiderLikeDb()]);
  await home.expectImported();
  const id = await datasetId(page, "concert_singer");
  const compare = new ComparePage(page);
  await compare.goto(id);
  await compare.compare("What is the average age of singers from France?", METHODS);
  await compare.expectDone(METHODS);
  await expect(compare.cells().first()).toBeVisible();
  const parent = await askJson(page, id, "What is the average age of singers from France?");
  expect(parent.answer.sql).toContain('"country"');
  await excludeAndRerun(page, parent.runId, "singer.country", true);
});
