import { gridFromRows, type RawGrid } from "../../cell-graph/grid";
import { quoteIdent } from "../../ingest/identifiers";
import type { TableMeta } from "../../model/dataset";
import { tableOf, type RetrievalPorts } from "../../retrieval/ports";
import { findValueHints } from "../../reasoner/question/value-hints";
import type { CellValue } from "../../trace/atoms";
import type { EventSink } from "../../trace/sink";

/**
 * A table without a sheet layout above this many rows is plain and large: GraphOTTER reads only the
 * rows a question selects.
 */
const PREFILTER_MIN_ROWS = 5_000;
/** Rows the pre-filter reads at most into the cell graph. */
export const PREFILTER_MAX_ROWS = 200;
/** A value hint weaker than this does not select rows. */
const MIN_HINT_SCORE = 0.9;

/** A plain table (no header rows or merged cells of its own) too large to read whole as a cell graph. */
export function plainAndLarge(table: TableMeta): boolean {
  return !table.layout && table.rowCount > PREFILTER_MIN_ROWS;
}

export type Prefiltered = {
  grid: RawGrid;
  /** Dataset rowid of each selected row, in grid order (null for views and connected databases). */
  rowIds: Array<number | null>;
  conditions: Array<{ column: string; values: string[] }>;
};

/**
 * GraphOTTER's pre-filter for a plain, large table: the values the question names (looked up in
 * the cell index) become conditions — values of one column OR'ed, columns AND'ed — and one guarded
 * SELECT reads at most 200 matching rows. When every condition together selects nothing, the
 * weakest are dropped one at a time. A question that names no value of the table selects no row.
 */
export async function prefilterRows(
  question: string,
  table: TableMeta,
  ports: RetrievalPorts,
  sink: EventSink,
): Promise<Prefiltered> {
  const names = table.columns.map((c) => c.name);
  const empty: Prefiltered = { grid: gridFromRows(names, []), rowIds: [], conditions: [] };
  const meta = tableOf(ports.schema, table.name);
  if (!meta) return empty;
  const hints = (await findValueHints(question, ports)).filter(
    (h) => h.table === table.name && h.score >= MIN_HINT_SCORE,
  );
  const byColumn = new Map<string, { values: Set<string>; score: number }>();
  for (const h of hints) {
    const c = byColumn.get(h.column) ?? { values: new Set<string>(), score: 0 };
    c.values.add(h.value);
    c.score = Math.max(c.score, h.score);
    byColumn.set(h.column, c);
  }
  let conditions = [...byColumn.entries()]
    .sort((a, b) => b[1].score - a[1].score)
    .map(([column, c]) => ({ column, values: [...c.values].slice(0, 20) }));
  if (!conditions.length) return empty;
  const withRowId = meta.hasRowId && ports.dialect !== "postgres";
  const select = [...(withRowId ? ["rowid"] : []), ...table.columns.map((c) => quoteIdent(c.sqlName))].join(", ");
  while (conditions.length) {
    const where = conditions
      .map((c) => `${quoteIdent(c.column)} IN (${c.values.map(() => "?").join(", ")})`)
      .join(" AND ");
    const sql = `SELECT ${select} FROM ${meta.sqlRef} WHERE ${where} LIMIT ${PREFILTER_MAX_ROWS}`;
    const params: CellValue[] = conditions.flatMap((c) => c.values);
    const start = performance.now();
    try {
      const r = await ports.runSql(sql, { maxRows: PREFILTER_MAX_ROWS, params });
      sink.emit({
        type: "sql",
        sql,
        rowCount: r.rows.length,
        ms: Math.round(performance.now() - start),
        ok: true,
        purpose: "GraphOTTER pre-filter: the rows the question's values select",
      });
      if (r.rows.length || conditions.length === 1) {
        const rows = withRowId ? r.rows.map((row) => row.slice(1)) : r.rows;
        const rowIds = withRowId ? r.rows.map((row) => Number(row[0])) : r.rows.map(() => null);
        return { grid: gridFromRows(names, rows), rowIds, conditions };
      }
    } catch (err) {
      sink.emit({
        type: "sql",
        sql,
        rowCount: 0,
        ms: Math.round(performance.now() - start),
        ok: false,
        error: err instanceof Error ? err.message : String(err),
        purpose: "GraphOTTER pre-filter",
      });
      return empty;
    }
    conditions = conditions.slice(0, -1);
  }
  return empty;
}
