import "server-only";
import type { LoadedDataset } from "@/lib/server/methods/run-options";
import { datasetCache } from "@/lib/server/process/dataset-caches";
import { getDataset } from "@/lib/server/stores/datasets";
import { buildMemoryIndex, type RetrievalIndex } from "./memory-index";
import { loadPersistedIndex } from "./persisted-index";
import { notFound } from "@/lib/server/http/not-found";

export type LoadedIndex = RetrievalIndex & { source: "persisted" | "temporary" };

// Temporary indexes are whole datasets in memory: at most 4 (least recently used dropped first).
const temporary = datasetCache<Promise<RetrievalIndex>>("fgtr-temporary-index", { max: 4 });

/**
 * The index the retrieval methods read for a dataset: its persisted offline index (read on each run, so curated
 * edges and edited descriptions count at once), or — while the first indexing run has not
 * finished — a temporary one built in memory with the same core algorithms, kept for a few
 * datasets.
 */
export async function retrievalIndexFor(datasetId: string, loaded?: LoadedDataset): Promise<LoadedIndex> {
  const detail = loaded ?? (await getDataset(datasetId));
  if (!detail) throw notFound("dataset", datasetId);
  const persisted = await loadPersistedIndex(datasetId, detail);
  if (persisted) {
    temporary.delete(datasetId);
    return { ...persisted, source: "persisted" };
  }
  const c = temporary;
  let building = c.get(datasetId);
  if (!building) {
    building = buildMemoryIndex(datasetId, detail);
    c.set(datasetId, building);
    building.catch(() => c.delete(datasetId));
  }
  return { ...(await building), source: "temporary" };
}
