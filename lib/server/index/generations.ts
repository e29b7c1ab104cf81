import "server-only";
import { readdir, rm } from "node:fs/promises";
import { and, desc, eq, ne } from "drizzle-orm";
import {
  datasetIndexes,
  descriptionEdits,
  indexColumnProfiles,
  indexDescriptions,
  indexJoinCandidates,
  indexRuns,
  indexSemanticModels,
  schemaEdgeHistory,
  schemaEdges,
  semanticEdits,
} from "@/db/schema";
import { datasetDir } from "@/lib/server/config";
import { appDb } from "@/lib/server/db/app-db";
import { generationOfDir, indexDir } from "./paths";
import type { StageState } from "./progress";

export type IndexRunRow = typeof indexRuns.$inferSelect;

/** The generation a dataset serves, or null before its first complete run. */
export async function currentGeneration(datasetId: string): Promise<number | null> {
  const db = await appDb();
  const [row] = await db
    .select({ g: datasetIndexes.currentGeneration })
    .from(datasetIndexes)
    .where(eq(datasetIndexes.datasetId, datasetId));
  return row?.g ?? null;
}

export async function latestRun(datasetId: string): Promise<IndexRunRow | null> {
  const db = await appDb();
  const [row] = await db
    .select()
    .from(indexRuns)
    .where(eq(indexRuns.datasetId, datasetId))
    .orderBy(desc(indexRuns.generation))
    .limit(1);
  return row ?? null;
}

/** Starts a run under a new generation number (never reused, so a stale file can never be mistaken for a new one). */
export async function beginRun(datasetId: string, encoder: string): Promise<number> {
  const db = await appDb();
  const last = await latestRun(datasetId);
  const generation = Math.max(last?.generation ?? 0, (await currentGeneration(datasetId)) ?? 0) + 1;
  await db.insert(indexRuns).values({ datasetId, generation, encoder, status: "running" });
  return generation;
}

export async function saveStages(datasetId: string, generation: number, stages: StageState[]): Promise<void> {
  const db = await appDb();
  await db
    .update(indexRuns)
    .set({ stages })
    .where(and(eq(indexRuns.datasetId, datasetId), eq(indexRuns.generation, generation)));
}

const now = () => new Date().toISOString();

/**
 * The switch: in one transaction the run becomes ready and the dataset starts serving it. Until
 * this commits, readers keep getting the previous generation, whatever happened to this run.
 */
export async function completeRun(datasetId: string, generation: number, stages: StageState[]): Promise<void> {
  const db = await appDb();
  await db.transaction(async (tx) => {
    await tx
      .update(indexRuns)
      .set({ status: "ready", stages, finishedAt: now() })
      .where(and(eq(indexRuns.datasetId, datasetId), eq(indexRuns.generation, generation)));
    await tx
      .insert(datasetIndexes)
      .values({ datasetId, currentGeneration: generation, switchedAt: now() })
      .onConflictDoUpdate({
        target: datasetIndexes.datasetId,
        set: { currentGeneration: generation, switchedAt: now() },
      });
  });
}

export async function failRun(
  datasetId: string,
  generation: number,
  stages: StageState[],
  error: string,
): Promise<void> {
  const db = await appDb();
  await db
    .update(indexRuns)
    .set({ status: "failed", stages, error, finishedAt: now() })
    .where(and(eq(indexRuns.datasetId, datasetId), eq(indexRuns.generation, generation)));
}

/**
 * Deletes every generation's rows and directory except `keep` (the served one) and runs still in
 * flight; run records are kept for the latest failure so its error stays visible.
 */
export async function dropOtherGenerations(
  datasetId: string,
  keep: number | null,
  inFlight: number | null = null,
): Promise<void> {
  const db = await appDb();
  const spare = new Set([keep, inFlight].filter((g): g is number => g !== null));
  const runs = await db
    .select({ g: indexRuns.generation, status: indexRuns.status })
    .from(indexRuns)
    .where(eq(indexRuns.datasetId, datasetId));
  const drop = [...new Set(runs.map((r) => r.g))].filter((g) => !spare.has(g));
  const newestFailure = Math.max(-1, ...runs.filter((r) => r.status === "failed" && r.g > (keep ?? 0)).map((r) => r.g));
  for (const g of drop) {
    for (const t of [indexColumnProfiles, indexDescriptions, indexJoinCandidates, indexSemanticModels])
      await db.delete(t).where(and(eq(t.datasetId, datasetId), eq(t.generation, g)));
    if (g !== newestFailure)
      await db
        .delete(indexRuns)
        .where(and(eq(indexRuns.datasetId, datasetId), eq(indexRuns.generation, g), ne(indexRuns.status, "running")));
  }
  await removeIndexDirs(datasetId, spare);
}

/** Removes index-<gen>/ directories of a dataset other than the given generations. */
async function removeIndexDirs(datasetId: string, keep: ReadonlySet<number>): Promise<void> {
  const entries = await readdir(datasetDir(datasetId)).catch(() => [] as string[]);
  for (const name of entries) {
    const g = generationOfDir(name);
    if (g !== null && !keep.has(g)) await rm(indexDir(datasetId, g), { recursive: true, force: true });
  }
}

/**
 * Deletes every index record of a dataset, user edits included (the dataset is going). The foreign
 * keys cascade too, but libSQL opens a fresh connection per transaction and PRAGMA foreign_keys is
 * per connection, so this does not rely on them.
 */
export async function deleteIndexRecords(datasetId: string): Promise<void> {
  const db = await appDb();
  for (const t of [
    indexColumnProfiles,
    indexDescriptions,
    indexJoinCandidates,
    indexSemanticModels,
    indexRuns,
    datasetIndexes,
    descriptionEdits,
    schemaEdges,
    schemaEdgeHistory,
    semanticEdits,
  ]) {
    await db.delete(t).where(eq(t.datasetId, datasetId));
  }
}
