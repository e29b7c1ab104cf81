import "server-only";
import { currentGeneration, latestRun } from "./generations";
import { pendingStages, type StageState } from "./progress";
import { isQueued, wasCancelledWaiting } from "./queue";

export type IndexState = "pending" | "running" | "ready" | "failed";

/**
 * A dataset's index as GET /api/datasets/:id reports it. `generation` is the one being served
 * (null before the first complete run): a failed or running re-index keeps serving it.
 */
export type IndexStatus = {
  status: IndexState;
  generation: number | null;
  stages: StageState[];
  error?: string;
  startedAt?: string;
  finishedAt?: string | null;
};

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
