import fs from "node:fs";
import path from "node:path";
import { expect, test } from "@playwright/test";
import type { Core } from "cytoscape";
import { askApi, TraceView, uploadIndexed } from "./pages/views";

const FIXTURES = path.join(import.meta.dirname, "fixtures", "helios");
const QUESTION = "Where was the director of Glass Rivers born?";

test("a HELIOS run page: long stages folded and foldable, bipartite labels at least 11 px at the default zoom", async ({
  page,
  request,
}) => {
  test.setTimeout(150_000);
  const id = await uploadIndexed(request, [path.join(FIXTURES, "films.csv")], "Films (views)");
  const multipart = new FormData();
  multipart.append("files", new Blob([fs.readFileSync(path.join(FIXTURES, "directors.jsonl"))]), "directors.jsonl");
  expect((await request.post(`/api/datasets/${id}/passages`, { multipart })).status()).toBe(201);
  const run = await askApi(request, id, QUESTION, "helios");
  expect(run.answer.text).toBe("Tainan");

  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto(`/runs/${run.runId}`);
  await expect(page.getByTestId("answer-text")).toBeInViewport();
  const trace = new TraceView(page);
  // Refinement lists every passage it checks: long, so folded; a click opens it.
  const refinement = trace.stage("refinement");
  await expect(refinement).toHaveAttribute("data-open", "false");
  await expect(refinement.getByTestId("timeline-event").first()).toBeHidden();
  await trace.toggle("refinement").click();
  await expect(refinement.getByTestId("timeline-event").first()).toBeVisible();
  await trace.toggle("refinement").click();
  const folded = await page.locator('[data-testid="timeline-stage"][data-open="false"]').count();
  expect(folded).toBeGreaterThanOrEqual(1);
  // Folded, the whole trace fits in about two screens instead of five or six.
  const traceHeight = (await page.getByRole("region", { name: "Trace" }).boundingBox())!.height;
  expect(traceHeight).toBeLessThan(1_800);

  const graph = page.getByTestId("bipartite-graph").first();
  await graph.scrollIntoViewIfNeeded();
  await expect(graph).toHaveAttribute("data-edges", /^[1-9]\d*$/);
  await expect
    .poll(() =>
      graph.evaluate((el) => {
        const cy = (el as HTMLElement & { _cyreg?: { cy?: Core } })._cyreg?.cy;
        if (!cy || cy.nodes().empty()) return 0;
        return Math.min(...cy.nodes().map((n) => Number.parseFloat(String(n.style("font-size"))) * cy.zoom()));
      }),
    )
    .toBeGreaterThanOrEqual(11);
  await page.screenshot({ path: "test-results/views-helios.png" });
});
