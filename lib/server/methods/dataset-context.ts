import "server-only";
import type { HeliosIndex } from "@/lib/core/methods/helios/graph-index";
import { type IndexTables, readIndexTables } from "@/lib/server/index/dataset-graph";
import { heliosIndexFor } from "@/lib/server/passages/graph";
import { datasetCache, useDatasetVersion } from "@/lib/server/process/dataset-caches";
import { type LoadedIndex, retrievalIndexOf } from "@/lib/server/retrieval/index-cache";
import { type GuardTarget, guardTargetOf } from "@/lib/server/sql/guarded-query";
import type { LoadedDataset } from "./run-options";
import type { SemanticModel } from "@/lib/core/model/semantic-model";
import { inferredModelOf } from "@/lib/server/semantic/load";

/**
 * Everything a question's run reads of its dataset, loaded once and passed down: the detail and
 * storage (loaded by the route), the SQL guard's files and tables, the current index generation
 * with its profiles and descriptions, the retrieval index, the semantic model and HELIOS's graph. The loaded parts
 * are kept per thread until the dataset changes (`datasetChanged` broadcasts that to every
 * worker; a run also carries the dataset's version, so a worker that has not heard yet reloads).
 */
export type DatasetContext = {
  id: string;
  dataset: LoadedDataset;
  guard: GuardTarget;
  /** The current generation with its profiles and descriptions. */
  indexTables: () => Promise<IndexTables>;
  /** The retrieval index: the persisted one, or a temporary one while the first index is built. */
  retrievalIndex: () => Promise<LoadedIndex>;
  /** Rows and passages as HELIOS's bipartite graph. */
  passages: () => Promise<HeliosIndex>;
  /** The semantic model the current generation inferred (stored, or inferred in this thread); edits not applied. */
  semanticModel: () => Promise<SemanticModel>;
};

type Loaded = {
  indexTables?: Promise<IndexTables>;
  retrievalIndex?: Promise<LoadedIndex>;
  semanticModel?: Promise<SemanticModel>;
};

// What this thread loaded of its 8 most recently asked datasets; dropped when a dataset changes.
const loadedParts = datasetCache<Loaded>("dataset-context", { max: 8 });

/** Memoises one part of the dataset's loaded state; a failed load is forgotten, so the next run retries. */
function part<K extends keyof Loaded>(id: string, key: K, load: () => NonNullable<Loaded[K]>): NonNullable<Loaded[K]> {
  let parts = loadedParts.get(id);
  if (!parts) {
    parts = {};
    loadedParts.set(id, parts);
  }
  const existing = parts[key];
  if (existing) return existing as NonNullable<Loaded[K]>;
  const pending = load();
  parts[key] = pending;
  pending.catch(() => {
    if (loadedParts.get(id)?.[key] === pending) delete loadedParts.get(id)![key];
  });
  return pending;
}

/**
 * The context of a run on `dataset` (already loaded). `version` is the dataset's version where the
 * run was started; a worker thread drops its cached parts when it differs from the last it saw.
 */
export function openDatasetContext(dataset: LoadedDataset, version?: number): DatasetContext {
  const id = dataset.id;
  if (version !== undefined) useDatasetVersion(id, version);
  const indexTables = () => part(id, "indexTables", () => readIndexTables(id));
  return {
    id,
    dataset,
    guard: guardTargetOf(id, dataset),
    indexTables,
    retrievalIndex: () =>
      part(id, "retrievalIndex", () => indexTables().then((tables) => retrievalIndexOf(dataset, tables))),
    passages: () => heliosIndexFor(id, dataset),
    semanticModel: () =>
      part(id, "semanticModel", () => indexTables().then((tables) => inferredModelOf(dataset, tables))),
  };
}
