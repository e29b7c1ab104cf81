import type { CellEntry, CellHit, CellMatch, ColumnRef } from "../model/index-types";
import { acronymLetters } from "../text/acronym";
import { dot } from "../text/encoder";
import { normalizeText } from "../text/normalize";
import { columnKey } from "../model/column-ref";
import type { CellIndex, IndexedColumn } from "./cell-index";

/** Default similarity above which every value is returned, however many there are. */
const DEFAULT_CELL_THRESHOLD = 0.6;

export type CellSearchOptions = {
  /** Columns to search; all indexed columns when omitted. */
  columns?: readonly ColumnRef[];
  /** At least this many hits (FGTR's top-n). */
  topN?: number;
  /** Plus every value scoring at or above this. */
  threshold?: number;
  /** Hard cap on returned hits. */
  maxHits?: number;
  /** Boost exact, normalised and word-prefix matches (default true). */
  lexical?: boolean;
};

type Candidate = { entry: CellEntry; similarity: number; match: CellMatch };

const TIER: Record<CellMatch, number> = { exact: 0, normalized: 1, prefix: 2, vector: 2 };

/**
 * Searches one column's vectors, widening k while the k-th neighbour still clears the threshold,
 * so that every value above it is found without scanning the whole column.
 */
async function searchColumn(
  col: IndexedColumn,
  q: Float32Array,
  topN: number,
  threshold: number,
  maxHits: number,
): Promise<{ key: number; similarity: number }[]> {
  const size = col.index.size();
  let k = Math.min(topN, size);
  for (;;) {
    if (k === 0) return [];
    const m = await col.index.search(q, k);
    const hits = Array.from(m.keys, (key, i) => ({ key: Number(key), similarity: 1 - m.distances[i] }));
    const last = hits[hits.length - 1];
    if (hits.length < k || k >= size || k >= maxHits || last.similarity < threshold) return hits;
    k = Math.min(size, maxHits, k * 4);
  }
}

function scoreOf(c: Candidate): number {
  if (c.match === "exact") return 1;
  if (c.match === "normalized") return Math.max(c.similarity, 0.99);
  if (c.match === "prefix") return Math.max(c.similarity, Math.min(0.95, c.similarity + 0.15));
  return c.similarity;
}

/**
 * FGTR's adaptive cell mapping: the top-n values PLUS every value whose score reaches the
 * threshold. Lexical matches are merged in so an exact value always ranks first, then
 * normalised-equal values, then the rest by score (word-prefix matches get a bounded boost).
 */
export async function searchCells(
  index: CellIndex,
  query: string,
  options: CellSearchOptions = {},
): Promise<CellHit[]> {
  const topN = options.topN ?? 3;
  const threshold = options.threshold ?? DEFAULT_CELL_THRESHOLD;
  const maxHits = options.maxHits ?? 200;
  const scope = options.columns ? options.columns.map((c) => columnKey(c.table, c.column)) : [...index.columns.keys()];
  const [q] = await index.encoder.embed([query]);

  const found = new Map<number, Candidate>();
  for (const id of scope) {
    const col = index.columns.get(id);
    if (!col) continue;
    for (const h of await searchColumn(col, q, topN, threshold, maxHits)) {
      const entry = await index.catalog.get(h.key);
      if (entry) found.set(h.key, { entry, similarity: h.similarity, match: "vector" });
    }
  }
  if (options.lexical ?? true) await addLexical(index, query, scope, found, q);

  const ranked = [...found.values()].sort(
    (a, b) =>
      TIER[a.match] - TIER[b.match] ||
      scoreOf(b) - scoreOf(a) ||
      b.entry.rowCount - a.entry.rowCount ||
      a.entry.key - b.entry.key,
  );
  const kept = ranked.filter(
    (c, i) => i < topN || c.match === "exact" || c.match === "normalized" || scoreOf(c) >= threshold,
  );
  return kept.slice(0, maxHits).map((c) => {
    const hit: CellHit = {
      table: c.entry.table,
      column: c.entry.column,
      value: c.entry.value,
      score: scoreOf(c),
      similarity: c.similarity,
      match: c.match,
      rowCount: c.entry.rowCount,
    };
    if (c.entry.rowIds) hit.rowIds = c.entry.rowIds;
    return hit;
  });
}

async function addLexical(
  index: CellIndex,
  query: string,
  scope: string[],
  found: Map<number, Candidate>,
  q: Float32Array,
): Promise<void> {
  const norm = normalizeText(query);
  if (!norm) return;
  const lexical: Candidate[] = [];
  for (const e of await index.catalog.findNormalized(norm, scope)) {
    lexical.push({ entry: e, similarity: 0, match: e.value.trim() === query.trim() ? "exact" : "normalized" });
  }
  // A 2–3 letter acronym is a prefix of too many words ("LA" -> "Lake", "Lassen") to boost them.
  const acronym = acronymLetters(query);
  if (norm.length >= 3 && !(acronym && acronym.length <= 3)) {
    for (const e of await index.catalog.findPrefix(norm, 50, scope)) {
      const boundary = e.normalized.length === norm.length || /[^\p{L}\p{N}]/u.test(e.normalized[norm.length]);
      if (boundary && e.normalized !== norm) lexical.push({ entry: e, similarity: 0, match: "prefix" });
    }
  }
  const missing = lexical.filter((c) => !found.has(c.entry.key));
  const vectors = await index.encoder.embed(missing.map((c) => c.entry.value));
  missing.forEach((c, i) => (c.similarity = dot(q, vectors[i])));
  for (const c of lexical) {
    const prev = found.get(c.entry.key);
    found.set(c.entry.key, prev ? { ...prev, match: c.match } : c);
  }
}
