import "server-only";
import type { LoadedDataset } from "@/lib/server/methods/run-options";
import type { IndexTables } from "@/lib/server/index/dataset-graph";
import { datasetCache } from "@/lib/server/process/dataset-caches";
import { buildMemoryIndex, type RetrievalIndex } from "./memory-index";
import { loadPersistedIndex } from "./persisted-index";

export type LoadedIndex = RetrievalIndex & { source: "persisted" | "temporary" };

// Temporary indexes are whole datasets in memory: at most 4 (least recently used dropped first).
const temporary = datasetCache<Promise<RetrievalIndex>>("fgtr-temporary-index", { max: 4 });

/**
 * The index the retrieval methods read for a dataset: its persisted offline index, or — while the
 * first indexing run has not finished — a temporary one built in memory with the same core
 * algorithms, kept for a few datasets. The run's dataset context loads it once and keeps it until
 * the dataset changes (curation, a description edit, a new generation).
 */
export async function retrievalIndexOf(dataset: LoadedDataset, indexed: IndexTables): Promise<LoadedIndex> {
  const persisted = await loadPersistedIndex(dataset.id, dataset, indexed);
  if (persisted) {
    temporary.delete(dataset.id);
    return { ...persisted, source: "persisted" };
  }
  let building = temporary.get(dataset.id);
  if (!building) {
    building = buildMemoryIndex(dataset.id, dataset);
    temporary.set(dataset.id, building);
    building.catch(() => temporary.delete(dataset.id));
  }
  return { ...(await building), source: "temporary" };
}
