/**
 * Test support for the learning API tests (not shipped): a temporary data folder with the sample
 * dataset imported and indexed, the routes under test, and small request helpers.
 */
import { statSync } from "node:fs";
import { mkdtemp } from "node:fs/promises";
import path from "node:path";
import { afterAll, beforeAll, expect } from "vitest";
import type { LearnedExport, LearnedListResponse, RunFeedback } from "@/lib/core/model/learned";
import type { RunDetail } from "@/lib/core/model/run";
import type { Answer } from "@/lib/core/trace";
import { useLocalReasonerOnly, useTempDataDir } from "@/lib/server/testing/temp-data-dir";

export const dataDir = useTempDataDir();
process.env.AUTO_INDEX = "0";
useLocalReasonerOnly();

export const { importDataset } = await import("@/lib/server/ingest/import-dataset");
export const { runIndexing } = await import("@/lib/server/index/pipeline");
export const { buildSampleFiles } = await import("@/lib/server/sample/build-sample");
export const { buildRetrievalPorts } = await import("@/lib/server/methods/retrieval-ports");
export const { learnedForReasoner } = await import("@/lib/server/stores/learned");
export const { deleteDataset } = await import("@/lib/server/lifecycle/dataset-files");
export const { createQuestionSet } = await import("@/lib/server/batches/question-sets");
export const { startBatch } = await import("@/lib/server/batches/start-batch");
export const { runnerIdle } = await import("@/lib/server/batches/runner");
export const { batchItemsOf } = await import("@/lib/server/batches/store");
export const { closeSqlPool } = await import("@/lib/server/sql");
export const { closeAppDb } = await import("@/lib/server/db/app-db");
export const { POST: askRoute } = await import("@/app/api/datasets/[id]/ask/route");
export const { GET: runRoute } = await import("@/app/api/runs/[id]/route");
export const feedbackRoute = await import("@/app/api/runs/[id]/feedback/route");
export const { POST: alternativeRoute } = await import("@/app/api/runs/[id]/alternatives/[n]/route");
export const learnedRoute = await import("@/app/api/datasets/[id]/learned/route");
export const { GET: exportRoute } = await import("@/app/api/datasets/[id]/learned/export/route");
export const { DELETE: deleteOneRoute } = await import("@/app/api/datasets/[id]/learned/[exampleId]/route");
export const { POST: learnRoute } = await import("@/app/api/batches/[id]/learn/route");

export const ctx = (params: Record<string, string>) => ({ params: Promise.resolve(params) }) as never;
export const json = (method: string, url: string, body?: unknown) =>
  new Request(`http://test${url}`, {
    method,
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    headers: { ...(body === undefined ? {} : { "content-type": "application/json" }), accept: "application/json" },
  });

// Verified with SQL on the sample: 2 directly funded schools in Contra Costa county.
export const QUESTION = "How many schools in Contra Costa county are directly funded?";
export let datasetId = "";

export async function ask(question: string): Promise<{ runId: string; answer: Answer }> {
  const res = await askRoute(json("POST", `/api/datasets/${datasetId}/ask`, { question }), ctx({ id: datasetId }));
  expect(res.status).toBe(200);
  return res.json();
}
export const vote = async (runId: string, body: unknown) =>
  feedbackRoute.POST(json("POST", `/api/runs/${runId}/feedback`, body), ctx({ id: runId }));
export const feedbackOf = async (runId: string): Promise<RunFeedback> =>
  (await feedbackRoute.GET(json("GET", `/api/runs/${runId}/feedback`), ctx({ id: runId }))).json();
export const learned = async (): Promise<LearnedListResponse> =>
  (await learnedRoute.GET(json("GET", `/api/datasets/${datasetId}/learned`), ctx({ id: datasetId }))).json();
export const runOf = async (runId: string): Promise<RunDetail> =>
  (await runRoute(json("GET", `/api/runs/${runId}`), ctx({ id: runId }))).json();

beforeAll(async () => {
  const dir = await mkdtemp(path.join(dataDir, "sample-"));
  const files = await buildSampleFiles(dir);
  const sample = await importDataset(
    files.map((f) => ({ originalName: f.name, path: f.path, size: statSync(f.path).size })),
    { name: "sample" },
  );
  datasetId = sample.id;
  await runIndexing(datasetId);
}, 180_000);
afterAll(async () => {
  closeSqlPool();
  await closeAppDb();
});
