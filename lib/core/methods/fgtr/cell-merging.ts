import type { ColumnRef, JoinPath } from "../../model/index-types";
import { capRowIds } from "../../trace/atoms";
import type { EventSink } from "../../trace/sink";
import { MAX_ROW_IDS, type MappedColumn } from "../../retrieval/cell-mapping";
import type { FgtrParams } from "./params";
import { tableOf, type RetrievalPorts } from "../../retrieval/ports";
import { buildFrom } from "../../retrieval/sql/from";
import { predicateSql } from "../../retrieval/sql/predicate";
import { runTraced } from "../../retrieval/sql/run";
import type { SubTable } from "../../retrieval/types";

export type { SubTable };

/** The SQL condition a table's rows must meet: any of its constraints (the union of eq. 6). */
function tableCondition(alias: string, mapped: MappedColumn[]): string | null {
  const preds = mapped.map((m) => predicateSql(alias, m.ref.column, m.predicate, m.numeric, m.cast));
  return preds.length ? (preds.length === 1 ? preds[0] : `(${preds.join(" OR ")})`) : null;
}

/**
 * Rows of unconstrained tables that join the constrained rows, in one query over the join tree.
 * This goes beyond eq. 6 (which keeps such tables whole): a link table then holds only the rows
 * the answer can reach. Null when the query fails or finds more than MAX_ROW_IDS rows.
 */
async function joinedRows(
  tables: string[],
  join: JoinPath,
  mapped: MappedColumn[],
  ports: RetrievalPorts,
  sink: EventSink,
): Promise<Map<string, number[]> | null> {
  const from = buildFrom(ports.schema, join.tables, join);
  const withRowId = from.tables.filter((t) => tableOf(ports.schema, t)?.hasRowId);
  if (withRowId.length === 0) return null;
  const conds = from.tables
    .map((t) =>
      tableCondition(
        from.alias.get(t)!,
        mapped.filter((m) => m.ref.table === t),
      ),
    )
    .filter((c): c is string => c !== null);
  if (!conds.length) return null;
  const select = withRowId.map((t) => `${from.alias.get(t)}.rowid`).join(", ");
  const sql = `SELECT DISTINCT ${select} FROM ${from.sql} WHERE ${conds.join(" AND ")} LIMIT ${MAX_ROW_IDS + 1}`;
  const result = await runTraced(ports, sink, sql, "cell merging: rows of joined tables", MAX_ROW_IDS + 1);
  if (!result || result.rows.length > MAX_ROW_IDS) return null;
  const out = new Map<string, number[]>();
  withRowId.forEach((t, i) => {
    if (tables.includes(t))
      out.set(
        t,
        [...new Set(result.rows.map((r) => Number(r[i])))].sort((a, b) => a - b),
      );
  });
  return out;
}

/**
 * FGTR step 6, cell merging (§4.3, eq. 6): per table, the union of the row sets of its
 * constrained columns, projected on its selected columns; a table without constraints keeps all
 * its rows (or, with `propagateJoins`, the rows that join the retrieved ones). Emits one
 * sub-table event per table with its size against the full table.
 */
export async function mergeCells(
  columns: ColumnRef[],
  tables: string[],
  join: JoinPath | null,
  mapped: MappedColumn[],
  params: FgtrParams,
  ports: RetrievalPorts,
  sink: EventSink,
): Promise<SubTable[]> {
  const unconstrained = tables.filter((t) => !mapped.some((m) => m.ref.table === t));
  // Negated constraints name the rows to leave out, so they do not narrow the joined tables.
  const positive = mapped.filter((m) => !m.negated);
  const joined =
    params.propagateJoins && join && join.tables.length > 1 && unconstrained.length && positive.length
      ? await joinedRows(unconstrained, join, positive, ports, sink)
      : null;
  const out: SubTable[] = [];
  for (const t of tables) {
    const meta = tableOf(ports.schema, t);
    if (!meta) continue;
    const cols = columns.filter((c) => c.table === t).map((c) => c.column);
    const own = mapped.filter((m) => m.ref.table === t);
    let rowIds: number[] | null = null;
    let rows: SubTable["rows"] = "all";
    if (own.length && own.every((m) => m.rowIds !== null)) {
      rowIds = [...new Set(own.flatMap((m) => m.rowIds!))].sort((a, b) => a - b);
      rows = "constrained";
    } else if (!own.length && joined?.has(t)) {
      rowIds = joined.get(t)!;
      rows = "joined";
    }
    const rowCount = rowIds
      ? rowIds.length
      : own.length
        ? Math.min(
            meta.rowCount,
            own.reduce((n, m) => n + m.rowCount, 0),
          )
        : meta.rowCount;
    const sub: SubTable = {
      table: t,
      columns: cols,
      rowIds,
      rowCount,
      totalRows: meta.rowCount,
      totalColumns: meta.columns.length,
      rows,
    };
    out.push(sub);
    const allRows = rows === "all" && !own.length;
    const capped = rowIds ? capRowIds(rowIds) : { rowIds: [], truncated: !allRows && rowCount > 0 };
    sink.emit({
      type: "sub-table",
      table: t,
      columns: cols,
      rowIds: capped.rowIds,
      rowIdsTruncated: capped.truncated,
      allRows,
      rowCount,
      columnCount: cols.length,
      totalRows: meta.rowCount,
      totalColumns: meta.columns.length,
    });
  }
  return out;
}
