import "server-only";
import { existsSync } from "node:fs";
import path from "node:path";
import { columnKey, searchCells, type CellIndex, type IndexedColumn, type VectorIndex } from "@/lib/core/index";
import type { CellHit, ColumnRef } from "@/lib/core/model/index-types";
import { datasetCache } from "@/lib/server/process/dataset-caches";
import { openReadOnly, type SqliteDb } from "@/lib/server/sqlite/open";
import { readCellColumns, readCellMeta, type CellColumnRecord } from "./cell-store";
import { cellEncoder } from "./encoder";
import { currentGeneration } from "./generations";
import { CELLS_FILE, indexDir } from "./paths";
import { SqlCellCatalog } from "./sql-cell-catalog";
import { UsearchVectorIndex } from "./usearch-index";

type Loaded = { generation: number; index: CellIndex; columns: CellColumnRecord[]; db: SqliteDb };

// One per process (route bundles and the indexing worker see one cache): the 8 most recently
// searched datasets keep their cell index open. A value leaving the cache (evicted, replaced,
// deleted) is closed a little later: a search that already holds it may still be reading it.
const cache = datasetCache<Promise<Loaded>>("cell-index", {
  max: 8,
  dispose: (pending) => void pending.then((l) => setTimeout(() => l.db.close(), 5000).unref()).catch(() => undefined),
});

/** The vector index of a column, telling the catalog which entries the search is about to ask for. */
function withPrefetch(vectors: UsearchVectorIndex, catalog: SqlCellCatalog): VectorIndex {
  return {
    dim: vectors.dim,
    size: () => vectors.size(),
    add: (keys, v) => vectors.add(keys, v),
    search: (v, k) => {
      const m = vectors.search(v, k);
      catalog.prefetch(m.keys);
      return m;
    },
  };
}

function load(datasetId: string, generation: number): Loaded {
  const dir = indexDir(datasetId, generation);
  const file = path.join(dir, CELLS_FILE);
  if (!existsSync(file))
    throw new Error(`The cell index of generation ${generation} is missing (${file}); re-index the dataset.`);
  const db = openReadOnly(file);
  try {
    const meta = readCellMeta(db);
    const encoder = cellEncoder();
    if (meta.encoder !== encoder.id)
      throw new Error(
        `The cell index was built with the encoder "${meta.encoder}", but "${encoder.id}" is configured; ` +
          `re-index the dataset.`,
      );
    const columns = readCellColumns(db);
    const indexed = new Map<string, IndexedColumn>();
    // Memory-mapped: a generation's files never change, and the page cache is shared with the OS.
    const catalog = new SqlCellCatalog(db, columns);
    for (const c of columns) {
      const vectors = UsearchVectorIndex.open(path.join(dir, c.vectorFile!), encoder.dim, { view: true });
      indexed.set(columnKey(c.table, c.column), {
        table: c.table,
        column: c.column,
        index: withPrefetch(vectors, catalog),
      });
    }
    return { generation, db, columns, index: { encoder, catalog, columns: indexed } };
  } catch (err) {
    db.close();
    throw err;
  }
}

/** Drops a dataset's cached index (after a generation switch or a delete). */
function evictCellIndex(datasetId: string): void {
  cache.delete(datasetId);
  checked.delete(datasetId);
}

// The switch evicts in this process; the re-check only guards against another process (a script)
// switching generations on the same DATA_DIR, and skipping it saves an app-DB query per search.
const RECHECK_MS = 2000;
// When each dataset's generation was last checked; as many entries as the cache above can hold.
const checked = datasetCache<number>("cell-index-checks", { max: 8 });

/** The searchable cell index of a dataset's current generation, or null when none is complete yet. */
export async function openCellIndex(datasetId: string): Promise<Loaded | null> {
  const cached = cache.get(datasetId);
  if (cached && performance.now() - (checked.get(datasetId) ?? -Infinity) < RECHECK_MS) {
    const loaded = await cached.catch(() => null);
    if (loaded) return loaded;
  }
  const generation = await currentGeneration(datasetId);
  checked.set(datasetId, performance.now());
  if (generation === null) return null;
  if (cached) {
    const loaded = await cached.catch(() => null);
    if (loaded?.generation === generation) return loaded;
    evictCellIndex(datasetId);
  }
  const pending = Promise.resolve().then(() => load(datasetId, generation));
  cache.set(datasetId, pending);
  pending.catch(() => cache.get(datasetId) === pending && cache.delete(datasetId));
  return pending;
}

export type CellSearchRequest = { q: string; columns?: ColumnRef[]; limit?: number };

/**
 * FGTR's adaptive cell mapping over a dataset's index: the top hits plus every value above the
 * similarity threshold, capped at `limit`. Null when the dataset has no complete index yet.
 */
export async function searchDatasetCells(
  datasetId: string,
  req: CellSearchRequest,
): Promise<{ generation: number; hits: CellHit[] } | null> {
  const loaded = await openCellIndex(datasetId);
  if (!loaded) return null;
  const limit = req.limit ?? 50;
  const hits = await searchCells(loaded.index, req.q, {
    columns: req.columns,
    maxHits: limit,
    topN: Math.min(10, limit),
  });
  return { generation: loaded.generation, hits };
}
