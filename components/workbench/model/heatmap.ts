import type { RunView } from "./runView";
import { voteBars } from "./votes";

export type CellState = "constrained" | "dependent" | "answer" | "none";
type ColumnRole = "constrained" | "dependent";

/** What the heatmap of one table shows, from the run's events only. */
export interface HeatTable {
  table: string;
  /** Vote frequency over K rounds per column (sqlName), 0–1. */
  frequency: Map<string, number>;
  /** Columns of the sub-table (selected and filled), with their range role when parsed. */
  selected: Set<string>;
  roles: Map<string, ColumnRole>;
  /** Retrieved rows: the sub-table's rows once merged, before that the rows of cell hits. */
  rowIds: number[];
  rowIdsTruncated: boolean;
  /** The sub-table keeps every row of the table: all rows count as retrieved. */
  allRows: boolean;
  /** Rows matched per constrained column (cell hits), to colour only the cells that matched. */
  hitRows: Map<string, Set<number>>;
  /** "rowId column" of every evidence cell. */
  answerCells: Set<string>;
  totalRows: number | null;
  /** "rowId column" of the gold cells a batch knows for this question (outlined; not from the run's events). */
  goldCells?: Set<string>;
  /** GraphOTTER: "rowId column" of cells in the reasoning trace → the step that reached them. */
  visits?: Map<string, number>;
}

/** A table with nothing to colour yet. */
export function emptyHeatTable(table: string): HeatTable {
  return {
    table,
    frequency: new Map(),
    selected: new Set(),
    roles: new Map(),
    rowIds: [],
    rowIdsTruncated: false,
    allRows: false,
    hitRows: new Map(),
    answerCells: new Set(),
    totalRows: null,
  };
}

export const cellKey = (rowId: number, column: string) => `${rowId} ${column}`;

/** Tables the run touched, in the order they first appear, each with its heatmap data. */
export function heatTables(view: RunView): HeatTable[] {
  const tables = new Map<string, HeatTable>();
  const get = (table: string) => {
    let t = tables.get(table);
    if (!t) {
      t = emptyHeatTable(table);
      tables.set(table, t);
    }
    return t;
  };

  for (const b of voteBars(view).bars) get(b.table).frequency.set(b.column, b.frequency);
  for (const c of view.selection?.kept ?? []) get(c.table).selected.add(c.column);
  for (const f of view.fills) for (const c of f.added) get(c.table).selected.add(c.column);
  for (const r of view.ranges) {
    const t = get(r.table);
    t.selected.add(r.column);
    t.roles.set(r.column, r.role);
  }
  const hitRowIds = new Map<string, Set<number>>();
  for (const h of view.hits) {
    const t = get(h.table);
    let rows = t.hitRows.get(h.column);
    if (!rows) t.hitRows.set(h.column, (rows = new Set()));
    let all = hitRowIds.get(h.table);
    if (!all) hitRowIds.set(h.table, (all = new Set()));
    for (const hit of h.hits)
      for (const id of hit.rowIds ?? []) {
        rows.add(id);
        all.add(id);
      }
  }
  for (const [table, ids] of hitRowIds) get(table).rowIds = [...ids].sort((a, b) => a - b);
  for (const s of view.subTables) {
    const t = get(s.table);
    for (const c of s.columns) t.selected.add(c);
    t.rowIds = [...s.rowIds].sort((a, b) => a - b);
    t.rowIdsTruncated = s.rowIdsTruncated;
    t.allRows = s.allRows === true;
    t.totalRows = s.totalRows;
  }
  for (const e of view.answer?.evidence ?? []) get(e.table).answerCells.add(cellKey(e.rowId, e.column));
  for (const t of tables.values()) {
    const evidenceRows = [...t.answerCells].map((k) => Number(k.split(" ")[0]));
    if (evidenceRows.some((id) => !t.rowIds.includes(id)))
      t.rowIds = [...new Set([...t.rowIds, ...evidenceRows])].sort((a, b) => a - b);
  }
  // Only tables with something to colour: a column selected or voted for, rows, or evidence.
  return [...tables.values()].filter((t) => t.selected.size > 0 || t.rowIds.length > 0 || t.answerCells.size > 0);
}

/** The state of one cell, which picks its colour (and the data-state tests read). */
export function cellState(t: HeatTable, retrieved: ReadonlySet<number>, rowId: number, column: string): CellState {
  return t.answerCells.has(cellKey(rowId, column)) ? "answer" : baseState(t, retrieved, rowId, column);
}

/** The colour a cell has apart from an answer outline: retrieved constrained / dependent, or none. */
function baseState(t: HeatTable, retrieved: ReadonlySet<number>, rowId: number, column: string): CellState {
  if (!(t.allRows || retrieved.has(rowId)) || !t.selected.has(column)) return "none";
  if (t.roles.get(column) === "constrained") {
    const hits = t.hitRows.get(column);
    return !hits || hits.size === 0 || hits.has(rowId) ? "constrained" : "none";
  }
  return "dependent";
}
