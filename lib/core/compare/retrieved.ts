import { columnKey } from "../model/column-ref";
import type { TraceEvent } from "../trace";

/** A retrieved cell: its table, column (sqlName) and row id; `evidence` when the answer rests on it. */
export type RetrievedCell = { table: string; column: string; rowId: number; evidence: boolean };

/** What a run retrieved, read from its events alone: column keys and cells. */
export type Retrieved = { columns: string[]; cells: RetrievedCell[]; cellsTruncated: boolean };

/** Cells kept per run: enough for a heatmap of retrieved rows, small enough to diff in the browser. */
const MAX_RETRIEVED_CELLS = 5000;

/** The key of a cell for set operations: "table.column#rowId". */
export const cellRefKey = (c: { table: string; column: string; rowId: number }) =>
  `${columnKey(c.table, c.column)}#${c.rowId}`;

/**
 * The columns and cells a run retrieved, from its trace: the columns its retrieval kept (schema
 * selection and filling, ranges, SGAM's attributes, sub-tables), the cells its cell mapping hit,
 * and the evidence cells of its answer, less the columns a constraint excluded. Every method's
 * events feed it, so runs of different methods compare on one footing.
 */
export function retrievedOf(events: readonly TraceEvent[]): Retrieved {
  const columns = new Set<string>();
  const cells = new Map<string, RetrievedCell>();
  let truncated = false;
  const addCell = (table: string, column: string, rowId: number, evidence: boolean) => {
    const key = cellRefKey({ table, column, rowId });
    const had = cells.get(key);
    if (had) {
      had.evidence ||= evidence;
      return;
    }
    if (cells.size >= MAX_RETRIEVED_CELLS) {
      truncated = true;
      return;
    }
    cells.set(key, { table, column, rowId, evidence });
  };
  const excluded = new Set<string>();
  for (const e of events) {
    // A re-run's exclusion drops a column the vote had kept; a pin adds one it had not.
    if (e.type === "constraint" && e.kind === "exclude-column") excluded.add(e.target);
    else if (e.type === "constraint" && (e.kind === "include-column" || e.kind === "include-edge"))
      columns.add(e.target);
    else if (e.type === "schema-selection") for (const c of e.columns) columns.add(columnKey(c.table, c.column));
    else if (e.type === "schema-fill") for (const c of e.added) columns.add(columnKey(c.table, c.column));
    else if (e.type === "column-range") columns.add(columnKey(e.table, e.column));
    else if (e.type === "attribute-retrieval") for (const a of e.attributes) columns.add(columnKey(a.table, a.column));
    else if (e.type === "sub-table") for (const c of e.columns) columns.add(columnKey(e.table, c));
    else if (e.type === "cell-hits") {
      columns.add(columnKey(e.table, e.column));
      for (const h of e.hits) for (const id of h.rowIds ?? []) addCell(e.table, e.column, id, false);
    } else if (e.type === "answer")
      for (const c of e.evidence) {
        columns.add(columnKey(c.table, c.column));
        addCell(c.table, c.column, c.rowId, true);
      }
  }
  return {
    columns: [...columns].filter((c) => !excluded.has(c)),
    cells: [...cells.values()],
    cellsTruncated: truncated,
  };
}
