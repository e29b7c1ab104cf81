import type { ColumnRef } from "../model/index-types";
import { TRACE_LIMITS, type CellValue } from "../trace/atoms";
import type { EventSink } from "../trace/sink";
import { columnOf, tableOf, type RetrievalPorts } from "./ports";
import { predicateSql } from "./sql/predicate";
import { quoteIdent } from "./sql/literals";
import { runTraced } from "./sql/run";
import type { CellMappingParams, ColumnRange, Predicate } from "./types";
import { contentWords, encoderSafe, wordsMeet } from "./vocab";
import { schemaDocs } from "./schema-docs";

/**
 * Row ids kept per constrained column before it counts as "too many to list" (then the
 * constraint's predicate stands for its rows). Bounded so a range over a million-row table never
 * ships its row ids through the SQL guard.
 */
export const MAX_ROW_IDS = 20_000;

export type MappedColumn = {
  ref: ColumnRef;
  range: ColumnRange;
  /** The predicate with the values actually found in the column (what the answer's SQL uses). */
  predicate: Predicate;
  numeric: boolean;
  /** Compared through a numeric cast (a text column of numbers). */
  cast: boolean;
  /** Rows satisfying the constraint; null when unknown (a view) or more than MAX_ROW_IDS. */
  rowIds: number[] | null;
  rowCount: number;
  /** Every value retrieved (top-n ∪ above threshold for text). */
  values: CellValue[];
  /** Inside the question's negation ("who do not have a cat"): its rows are the ones to exclude. */
  negated?: boolean;
};

/** Marks the constraints whose words sit inside the question's negated phrase. */
export function markNegated(mapped: MappedColumn[], negation: { phrase: string } | null): MappedColumn[] {
  if (!negation?.phrase.trim()) return mapped;
  const words = contentWords(negation.phrase);
  return mapped.map((m) => {
    const src = contentWords(m.range.source ?? String(m.range.predicate?.values[0] ?? ""));
    return src.length && src.every((w) => words.some((x) => wordsMeet(x, w))) ? { ...m, negated: true } : m;
  });
}

type Hit = {
  value: CellValue;
  score: number;
  match: "exact" | "normalized" | "prefix" | "vector" | "compare";
  rowIds: number[];
  rowCount: number;
};

/** Text constraint: FGTR's adaptive mapping, one cell-index search per constraint phrase. */
async function mapText(
  r: ColumnRange,
  ref: ColumnRef,
  params: CellMappingParams,
  ports: RetrievalPorts,
  sink: EventSink,
): Promise<{ hits: Hit[]; sqlValues: CellValue[] }> {
  const hits: Hit[] = [];
  const sqlValues: CellValue[] = [];
  for (const phrase of (r.predicate?.values ?? []).map(String)) {
    const raw = await ports.searchCells(encoderSafe(phrase), {
      columns: [ref],
      topN: params.topN,
      threshold: params.cellThreshold,
      maxHits: TRACE_LIMITS.hits,
    });
    // Top-n is there for robustness when the words do not match a value as written; when they
    // do, the padding neighbours are noise, so only values above the threshold join the exact ones.
    const anyExact = raw.some((h) => h.match === "exact" || h.match === "normalized");
    const found = anyExact
      ? raw.filter((h) => h.match === "exact" || h.match === "normalized" || h.score >= params.cellThreshold)
      : raw;
    const mapped: Hit[] = found.map((h) => ({
      value: h.value,
      score: Math.round(h.score * 1000) / 1000,
      match: h.match,
      rowIds: h.rowIds ?? [],
      rowCount: h.rowCount,
    }));
    sink.emit({
      type: "cell-hits",
      table: ref.table,
      column: ref.column,
      query: phrase,
      hits: mapped.slice(0, TRACE_LIMITS.hits).map((h) => ({
        value: h.value,
        score: h.score,
        match: h.match,
        rowIds: h.rowIds.slice(0, TRACE_LIMITS.rowIds),
        rowCount: h.rowCount,
      })),
    });
    hits.push(...mapped);
    // The answer's SQL uses the value(s) the column really holds: exact matches, else every value
    // the phrase opens ("Virginia" → "Virginia 1", "Virginia 2", …), else the best hit.
    const exact = mapped.filter((h) => h.match === "exact" || h.match === "normalized");
    const prefix = mapped.filter((h) => h.match === "prefix");
    sqlValues.push(...(exact.length ? exact : prefix.length ? prefix : mapped.slice(0, 1)).map((h) => h.value));
  }
  return { hits, sqlValues: [...new Set(sqlValues)] };
}

/** Numeric, date and pattern constraints: exact/range predicates in SQL (FGTR §4.3). */
async function mapBySql(
  r: ColumnRange,
  ref: ColumnRef,
  numeric: boolean,
  cast: boolean,
  ports: RetrievalPorts,
  sink: EventSink,
): Promise<Hit[]> {
  const table = tableOf(ports.schema, ref.table)!;
  const format = schemaDocs(ports.schema).columns.find(
    (d) => d.table === ref.table && d.column === ref.column,
  )?.dateFormat;
  const where = predicateSql("", ref.column, r.predicate!, numeric, cast, format);
  const rowid = table.hasRowId ? "rowid, " : "";
  const sql = `SELECT ${rowid}${quoteIdent(ref.column)} FROM ${table.sqlRef} WHERE ${where} LIMIT ${MAX_ROW_IDS + 1}`;
  const result = await runTraced(ports, sink, sql, "cell mapping: numeric, date or pattern filter", MAX_ROW_IDS + 1);
  const byValue = new Map<string, Hit>();
  for (const row of result?.rows ?? []) {
    const value = table.hasRowId ? row[1] : row[0];
    const k = JSON.stringify(value);
    const hit = byValue.get(k) ?? { value, score: 1, match: "compare" as const, rowIds: [], rowCount: 0 };
    if (table.hasRowId) hit.rowIds.push(Number(row[0]));
    hit.rowCount++;
    byValue.set(k, hit);
  }
  const hits = [...byValue.values()];
  if ((result?.rows.length ?? 0) > MAX_ROW_IDS) {
    // Too many rows to list: count them, and let the predicate stand for them.
    const count = await runTraced(
      ports,
      sink,
      `SELECT count(*) FROM ${table.sqlRef} WHERE ${where}`,
      "cell mapping: size of a wide filter",
      1,
    );
    const total = Number(count?.rows[0]?.[0] ?? result!.rows.length);
    sink.emit({
      type: "cell-hits",
      table: ref.table,
      column: ref.column,
      query: r.source ?? `${r.predicate!.op} ${r.predicate!.values.join(", ")}`,
      hits: [{ value: null, score: 1, match: "compare", rowCount: total }],
    });
    return [{ value: null, score: 1, match: "compare", rowIds: [], rowCount: total }];
  }
  sink.emit({
    type: "cell-hits",
    table: ref.table,
    column: ref.column,
    query: r.source ?? `${r.predicate!.op} ${r.predicate!.values.join(", ")}`,
    hits: hits.slice(0, TRACE_LIMITS.hits).map((h) => ({
      value: h.value,
      score: 1,
      match: "compare" as const,
      rowIds: h.rowIds.slice(0, TRACE_LIMITS.rowIds),
      rowCount: h.rowCount,
    })),
  });
  return hits;
}

function isNumericText(ports: RetrievalPorts, ref: ColumnRef): boolean {
  return (
    schemaDocs(ports.schema).columns.find((d) => d.table === ref.table && d.column === ref.column)?.numericText ?? false
  );
}

async function completeRowIds(hits: Hit[], ref: ColumnRef, ports: RetrievalPorts, sink: EventSink): Promise<void> {
  const table = tableOf(ports.schema, ref.table)!;
  if (!table.hasRowId) return;
  const partial = hits.filter((h) => h.rowIds.length < h.rowCount);
  const where = predicateSql("", ref.column, { op: "in", values: partial.map((h) => h.value) }, false);
  const res = await runTraced(
    ports,
    sink,
    `SELECT rowid, ${quoteIdent(ref.column)} FROM ${table.sqlRef} WHERE ${where} LIMIT ${MAX_ROW_IDS + 1}`,
    "cell mapping: rows of matched values",
    MAX_ROW_IDS + 1,
  );
  if (!res || res.truncated) return;
  for (const h of partial) h.rowIds = res.rows.filter((r) => String(r[1]) === String(h.value)).map((r) => Number(r[0]));
}

/**
 * FGTR step 5, cell mapping (§4.3): text constraints through the cell index (at least top-n,
 * plus every value scoring ≥ the threshold, robust to typos and abbreviations), numeric and date
 * constraints through exact or range predicates in SQL. Returns each constrained column's rows.
 */
export async function mapCells(
  ranges: ColumnRange[],
  params: CellMappingParams,
  ports: RetrievalPorts,
  sink: EventSink,
): Promise<MappedColumn[]> {
  const out: MappedColumn[] = [];
  for (const r of ranges) {
    if (r.role !== "constrained" || !r.predicate) continue;
    const ref = { table: r.table, column: r.column };
    const col = columnOf(ports.schema, ref);
    if (!col) continue;
    const numbers = r.predicate.values.length > 0 && r.predicate.values.every((v) => typeof v === "number");
    const cast = col.type === "text" && numbers && isNumericText(ports, ref);
    const numeric = col.type === "integer" || col.type === "real" || cast;
    // A date part ("month" = 12) is a number of the date, compared in SQL like a date.
    const textual =
      !numeric && !r.predicate.part && col.type !== "date" && (r.predicate.op === "=" || r.predicate.op === "in");
    let hits: Hit[];
    let predicate: Predicate = r.predicate;
    if (textual) {
      const text = await mapText(r, ref, params, ports, sink);
      hits = text.hits;
      if (text.sqlValues.length) predicate = { op: text.sqlValues.length > 1 ? "in" : "=", values: text.sqlValues };
      else
        sink.emit({
          type: "warning",
          code: "no_cell_match",
          message: `No value of ${r.table}.${col.name} matches "${r.predicate.values.join(", ")}".`,
        });
    } else {
      hits = await mapBySql(r, ref, numeric, cast, ports, sink);
    }
    // The index keeps a bounded number of row ids per value; fetch the rest by value in SQL.
    if (textual && hits.some((h) => h.rowIds.length < h.rowCount)) await completeRowIds(hits, ref, ports, sink);
    const ids = new Set<number>();
    let count = 0;
    for (const h of hits) {
      for (const id of h.rowIds) ids.add(id);
      count += h.rowCount;
    }
    const known = hits.every((h) => h.rowIds.length === h.rowCount) && ids.size <= MAX_ROW_IDS;
    out.push({
      ref,
      range: r,
      predicate,
      numeric,
      cast,
      rowIds: known ? [...ids].sort((a, b) => a - b) : null,
      rowCount: known ? ids.size : count,
      values: hits.map((h) => h.value),
    });
  }
  return out;
}
