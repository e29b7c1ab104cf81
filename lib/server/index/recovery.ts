import "server-only";
import { and, eq } from "drizzle-orm";
import { indexRuns } from "@/db/schema";
import { appDb } from "@/lib/server/db/app-db";
import { datasetIds } from "@/lib/server/stores/datasets";
import { currentGeneration, dropOtherGenerations } from "./generations";
import type { StageState } from "./progress";
import { autoIndexEnabled, scheduleIndexing } from "./queue";

const INTERRUPTED = "Interrupted by a server restart; the previous complete index stayed in use.";

/**
 * Marks the dataset's index runs still "running" as failed with `message` (all datasets' when
 * `datasetId` is null): a run cut off by a restart, or whose worker thread was stopped (out of
 * memory, or a cancel it did not heed). The served generation is untouched. Returns the runs.
 */
export async function failCutOffRuns(datasetId: string | null, message: string) {
  const db = await appDb();
  const where = datasetId
    ? and(eq(indexRuns.status, "running"), eq(indexRuns.datasetId, datasetId))
    : eq(indexRuns.status, "running");
  const interrupted = await db.select().from(indexRuns).where(where);
  for (const run of interrupted) {
    const stages = (run.stages as StageState[]).map((s) =>
      s.status === "running" ? { ...s, status: "failed" as const, notes: [...s.notes, message] } : s,
    );
    await db
      .update(indexRuns)
      .set({ status: "failed", stages, error: message, finishedAt: new Date().toISOString() })
      .where(and(eq(indexRuns.datasetId, run.datasetId), eq(indexRuns.generation, run.generation)));
  }
  if (datasetId) await dropOtherGenerations(datasetId, await currentGeneration(datasetId));
  return interrupted;
}

/**
 * Server start, before any run can be in flight: runs still marked running were cut off by a
 * crash or restart, so they are marked failed and their half-written generations removed (the
 * served generation is untouched). Datasets that never got a complete index, or whose last run was
 * cut off, are queued again. Returns the queued dataset ids.
 */
export async function recoverIndexing(): Promise<string[]> {
  const interrupted = await failCutOffRuns(null, INTERRUPTED);
  const cutOff = new Set(interrupted.map((r) => r.datasetId));
  const queued: string[] = [];
  for (const id of await datasetIds()) {
    const current = await currentGeneration(id);
    await dropOtherGenerations(id, current);
    if (current === null || cutOff.has(id)) queued.push(id);
  }
  if (autoIndexEnabled()) for (const id of queued) scheduleIndexing(id);
  return queued;
}
