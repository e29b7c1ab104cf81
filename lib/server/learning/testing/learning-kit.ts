import { expect } from "vitest";
import type { LearnedListResponse, RunFeedback } from "@/lib/core/model/learned";
import type { RunDetail } from "@/lib/core/api/runs";
import type { Answer } from "@/lib/core/trace";
import { useIndexedSample } from "@/lib/server/testing/indexed-sample";
import { useLocalReasonerOnly, useTempDataDir } from "@/lib/server/testing/temp-data-dir";

const dataDir = useTempDataDir();
process.env.AUTO_INDEX = "0";
useLocalReasonerOnly();

const { importDataset } = await import("@/lib/server/ingest/import-dataset");
const { runIndexing } = await import("@/lib/server/index/pipeline");
const { buildSampleFiles } = await import("@/lib/server/sample/build-sample");
export const { buildRetrievalPorts } = await import("@/lib/server/methods/retrieval-ports");
export const { learnedForReasoner } = await import("@/lib/server/stores/learned");
export const { deleteDataset } = await import("@/lib/server/lifecycle/dataset-files");
export const { createQuestionSet } = await import("@/lib/server/batches/question-sets");
export const { startBatch } = await import("@/lib/server/batches/start-batch");
export const { runnerIdle } = await import("@/lib/server/batches/runner");
export const { batchItemsOf } = await import("@/lib/server/batches/store");
const { closeSqlPool } = await import("@/lib/server/sql");
const { closeAppDb } = await import("@/lib/server/db/app-db");
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

type Handler = (req: Request, ctx: never) => Promise<Response>;
/** The route handlers the helpers call, as the test file imported them. */
export type LearningRoutes = {
  ask: Handler;
  run: Handler;
  feedback: { GET: Handler; POST: Handler };
  learned: { GET: Handler };
};

/** Asking, voting and reading back through the given routes, on the kit's sample dataset. */
export function learningHelpers(routes: LearningRoutes) {
  return {
    async ask(question: string): Promise<{ runId: string; answer: Answer }> {
      const res = await routes.ask(
        json("POST", `/api/datasets/${datasetId}/ask`, { question }),
        ctx({ id: datasetId }),
      );
      expect(res.status).toBe(200);
      return res.json();
    },
    vote: async (runId: string, body: unknown) =>
      routes.feedback.POST(json("POST", `/api/runs/${runId}/feedback`, body), ctx({ id: runId })),
    feedbackOf: async (runId: string): Promise<RunFeedback> =>
      (await routes.feedback.GET(json("GET", `/api/runs/${runId}/feedback`), ctx({ id: runId }))).json(),
    learned: async (): Promise<LearnedListResponse> =>
      (await routes.learned.GET(json("GET", `/api/datasets/${datasetId}/learned`), ctx({ id: datasetId }))).json(),
    runOf: async (runId: string): Promise<RunDetail> =>
      (await routes.run(json("GET", `/api/runs/${runId}`), ctx({ id: runId }))).json(),
  };
}

useIndexedSample(dataDir, (id) => {
  datasetId = id;
});
