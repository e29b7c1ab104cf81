import type { CellEntry } from "../model/index-types";
import type { TextEncoder } from "../text/encoder";
import { normalizeText } from "../text/normalize";
import { columnKey } from "../model/column-ref";
import { MemoryCellCatalog, type CellCatalog } from "./cell-catalog";
import type { VectorIndex, VectorIndexFactory } from "./vector-index";

/** One unique value of a column, with how many rows hold it and (optionally) which. */
export type CellValueInput = { value: string; rowCount: number; rowIds?: number[] };

/** A column's unique values, as the server adapter reads them (GROUP BY value). */
export type CellColumnInput = { table: string; column: string; values: Iterable<CellValueInput> };

export type IndexedColumn = { table: string; column: string; index: VectorIndex };

/** The searchable cell index: one vector index per column plus the shared catalog. */
export type CellIndex = {
  encoder: TextEncoder;
  catalog: CellCatalog;
  columns: Map<string, IndexedColumn>;
};

export type BuildCellIndexOptions = {
  encoder: TextEncoder;
  createIndex: VectorIndexFactory;
  /** Where entries go; a new MemoryCellCatalog when omitted. */
  catalog?: MemoryCellCatalog;
  /** First entry key; keys then count up across columns, so they are unique per dataset. */
  firstKey?: number;
  /** Values embedded per encoder call. */
  batchSize?: number;
};

/**
 * The entries of one column: values merged by exact text (their counts and row ids summed),
 * empty values dropped, keys assigned from `firstKey` in first-seen order.
 */
export function cellEntries(input: CellColumnInput, firstKey: number): CellEntry[] {
  const byValue = new Map<string, CellEntry>();
  let key = firstKey;
  for (const v of input.values) {
    if (v.value.trim() === "") continue;
    const seen = byValue.get(v.value);
    if (seen) {
      seen.rowCount += v.rowCount;
      if (v.rowIds) seen.rowIds = [...(seen.rowIds ?? []), ...v.rowIds];
      continue;
    }
    const entry: CellEntry = {
      key: key++,
      table: input.table,
      column: input.column,
      value: v.value,
      normalized: normalizeText(v.value),
      rowCount: v.rowCount,
    };
    if (v.rowIds) entry.rowIds = [...v.rowIds];
    byValue.set(v.value, entry);
  }
  return [...byValue.values()];
}

/**
 * Builds the cell index of FGTR §4.1: for each column, its unique values are embedded with the
 * encoder and added to that column's own vector index (HNSW in production), and their metadata
 * to the catalog. Returns the index and the next free key.
 */
export async function buildCellIndex(
  inputs: Iterable<CellColumnInput>,
  options: BuildCellIndexOptions,
): Promise<{ index: CellIndex; nextKey: number }> {
  const catalog = options.catalog ?? new MemoryCellCatalog();
  const index: CellIndex = { encoder: options.encoder, catalog, columns: new Map() };
  let nextKey = options.firstKey ?? 0;
  for (const input of inputs) nextKey = await addColumn(index, catalog, input, nextKey, options);
  return { index, nextKey };
}

async function addColumn(
  index: CellIndex,
  catalog: MemoryCellCatalog,
  input: CellColumnInput,
  firstKey: number,
  options: BuildCellIndexOptions,
): Promise<number> {
  const id = columnKey(input.table, input.column);
  if (index.columns.has(id)) throw new Error(`column ${input.table}.${input.column} is already indexed`);
  const entries = cellEntries(input, firstKey);
  const vectors = options.createIndex(options.encoder.dim);
  const batch = options.batchSize ?? 1024;
  for (let i = 0; i < entries.length; i += batch) {
    const slice = entries.slice(i, i + batch);
    const embedded = await options.encoder.embed(slice.map((e) => e.value));
    await vectors.add(
      slice.map((e) => e.key),
      embedded,
    );
  }
  catalog.add(entries);
  index.columns.set(id, { table: input.table, column: input.column, index: vectors });
  return firstKey + entries.length;
}
