import "server-only";
import { currentGeneration, latestRun } from "./generations";
import { pendingStages, type StageState } from "./progress";
import { isQueued, wasCancelledWaiting } from "./queue";

import type { IndexInfo } from "@/lib/core/api/index-status";

/** The API's IndexInfo (declared once) with the server's narrower stage type. */
export type IndexStatus = Omit<IndexInfo, "stages"> & { stages: StageState[] };

export async function getIndexStatus(datasetId: string): Promise<IndexStatus> {
  const [generation, run] = await Promise.all([currentGeneration(datasetId), latestRun(datasetId)]);
  if (run?.status === "running")
    return {
      status: "running",
      generation,
      stages: run.stages as StageState[],
      startedAt: run.startedAt,
      finishedAt: null,
    };
  if (!isQueued(datasetId) && wasCancelledWaiting(datasetId))
    return {
      status: "failed",
      generation,
      stages: (run?.stages as StageState[]) ?? pendingStages(),
      error: "Indexing was cancelled.",
    };
  if (isQueued(datasetId) || !run) return { status: "pending", generation, stages: pendingStages() };
  const base = { generation, stages: run.stages as StageState[], startedAt: run.startedAt, finishedAt: run.finishedAt };
  if (run.status === "failed") return { status: "failed", ...base, error: run.error ?? "Indexing failed." };
  return { status: "ready", ...base };
}
