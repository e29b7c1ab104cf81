import { expect, type APIRequestContext, type Locator, type Page } from "@playwright/test";
import fs from "node:fs";

/** Uploads files through the API as one dataset and waits until it is indexed; returns its id. */
export async function uploadIndexed(request: APIRequestContext, files: string[], name: string): Promise<string> {
  const multipart = new FormData();
  for (const f of files) multipart.append("files", new Blob([fs.readFileSync(f)]), f.split("/").at(-1));
  multipart.append("name", name);
  const res = await request.post("/api/datasets", { multipart });
  expect(res.status()).toBe(201);
  const { id } = await res.json();
  await expect
    .poll(async () => (await (await request.get(`/api/datasets/${id}`)).json()).index?.status, { timeout: 90_000 })
    .toBe("ready");
  return id;
}

/** One evidence cell of a run's answer, as the API returns it. */
export type Evidence = { table: string; column: string; rowId: number };

/** Asks through the API (JSON, not a stream) and returns the stored run's id, answer and events. */
export async function askApi(
  request: APIRequestContext,
  datasetId: string,
  question: string,
  method = "fgtr",
): Promise<{
  runId: string;
  answer: { text: string; sql?: string; values: unknown[]; evidence: Evidence[] };
  events: Array<{ type: string; sql?: string }>;
}> {
  const res = await request.post(`/api/datasets/${datasetId}/ask`, {
    headers: { accept: "application/json" },
    data: { question, method, reasoner: "local" },
  });
  expect(res.ok()).toBe(true);
  return res.json();
}

/** The trace's stages and lines on a run or ask page. */
export class TraceView {
  constructor(readonly page: Page) {}

  stage(name: string): Locator {
    return this.page.locator(`[data-testid="timeline-stage"][data-stage="${name}"]`);
  }

  toggle(name: string): Locator {
    return this.stage(name).getByTestId("stage-toggle");
  }

  line(type: string): Locator {
    return this.page.locator(`[data-testid="timeline-event"][data-type="${type}"]`);
  }
}

/** The heatmap beside an answer. */
export class HeatmapView {
  constructor(readonly page: Page) {}

  selectedTab(): Locator {
    return this.page.locator('[data-testid="heatmap-tab"][aria-selected="true"]');
  }

  grid(): Locator {
    return this.page.getByTestId("heatmap");
  }

  cell(rowId: number, column: string): Locator {
    return this.page.locator(
      `[data-testid="heatmap-row"][data-row-id="${rowId}"] [data-testid="heatmap-cell"][data-column="${column}"]`,
    );
  }
}
