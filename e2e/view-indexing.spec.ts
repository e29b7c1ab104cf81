import fs from "node:fs";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { E2E_BASE_PORT, freshDataDir, startApp, type AppProcess } from "./fixtures/app-process";
import { DatasetPage } from "./pages/dataset-page";

// Issue 13 on the dataset page: a view is marked as one, its cut count reads "≥ N rows, counting
// stopped", and indexing can be cancelled from the page. The view sample is made unbounded here
// so that indexing is still running when the page opens.
test.describe.configure({ timeout: 180_000 });

const FILE = path.join(process.cwd(), "lib/server/ingest/corpus/files/cartesian-view.sqlite");
let app: AppProcess;

test.beforeAll(async () => {
  app = await startApp({
    port: E2E_BASE_PORT + 6,
    dataDir: freshDataDir("view-ui"),
    env: { SEED_SAMPLE: "0", INDEX_VIEW_ROWS: "1000000000" },
  });
});
test.afterAll(async () => app?.kill("SIGKILL"));

test("a view shows its badge and cut count, and its indexing can be cancelled", async ({ page }) => {
  const form = new FormData();
  form.append("files", new Blob([fs.readFileSync(FILE)]), "cartesian-view.sqlite");
  const { id } = await (await fetch(`${app.url}/api/datasets`, { method: "POST", body: form })).json();
  const dataset = new DatasetPage(page);
  await page.goto(`${app.url}/datasets/${id}`);
  await dataset.selectTable("boom");
  await expect(dataset.viewBadge().first()).toBeVisible();
  await expect(dataset.rowCount()).toHaveText(/^≥ [\d,]+ rows, counting stopped$/);
  await expect(dataset.indexStatus()).toHaveAttribute("data-status", "running");
  await dataset.cancelIndexing();
  await expect(dataset.indexStatus()).toHaveAttribute("data-status", "failed");
  await expect(dataset.indexStatus()).toContainText("Indexing cancelled");
  // The server agrees, and keeps answering.
  const detail = await (await fetch(`${app.url}/api/datasets/${id}`)).json();
  expect(detail.index).toMatchObject({ status: "failed", error: "Indexing was cancelled." });
});
