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
 * Server start, before any run can be in flight: runs still marked running were cut off by a
 * crash or restart, so they are marked failed and their half-written generations removed (the
 * served generation is untouched). Datasets that never got a complete index, or whose last run was
 * cut off, are queued again. Returns the queued dataset ids.
 */
export async function recoverIndexing(): Promise<string[]> {
  const db = await appDb();
  const interrupted = await db.select().from(indexRuns).where(eq(indexRuns.status, "running"));
  for (const run of interrupted) {
    const stages = (run.stages as StageState[]).map((s) =>
      s.status === "running" ? { ...s, status: "failed" as const, notes: [...s.notes, INTERRUPTED] } : s,
    );
    await db
      .update(indexRuns)
      .set({ status: "failed", stages, error: INTERRUPTED, finishedAt: new Date().toISOString() })
      .where(and(eq(indexRuns.datasetId, run.datasetId), eq(indexRuns.generation, run.generation)));
  }
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
