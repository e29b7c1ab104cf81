import "server-only";
import type { LoadedDataset } from "@/lib/server/methods/run-options";
import { getDataset } from "@/lib/server/stores/datasets";
import { buildMemoryIndex, type FgtrIndex } from "./memory-index";
import { loadPersistedIndex } from "./persisted-index";
import { notFound } from "@/lib/server/http/not-found";

export type LoadedIndex = FgtrIndex & { source: "persisted" | "temporary" };

const MAX_TEMPORARY = 4;
const KEY = Symbol.for("tablesight.fgtrTemporaryIndexes");
type WithCache = typeof globalThis & { [KEY]?: Map<string, Promise<FgtrIndex>> };

function temporary(): Map<string, Promise<FgtrIndex>> {
  const g = globalThis as WithCache;
  return (g[KEY] ??= new Map());
}

/**
 * The index FGTR reads for a dataset: its persisted offline index (read on each run, so curated
 * edges and edited descriptions count at once), or — while the first indexing run has not
 * finished — a temporary one built in memory with the same core algorithms, kept for a few
 * datasets.
 */
export async function fgtrIndexFor(datasetId: string, loaded?: LoadedDataset): Promise<LoadedIndex> {
  const detail = loaded ?? (await getDataset(datasetId));
  if (!detail) throw notFound("dataset", datasetId);
  const persisted = await loadPersistedIndex(datasetId, detail);
  if (persisted) {
    temporary().delete(datasetId);
    return { ...persisted, source: "persisted" };
  }
  const c = temporary();
  let building = c.get(datasetId);
  if (!building) {
    building = buildMemoryIndex(datasetId, detail);
    c.set(datasetId, building);
    building.catch(() => c.delete(datasetId));
    while (c.size > MAX_TEMPORARY) c.delete(c.keys().next().value!);
  }
  return { ...(await building), source: "temporary" };
}

/** Drops a dataset's temporary index (after deletion). */
export function forgetFgtrIndex(datasetId: string): void {
  temporary().delete(datasetId);
}
