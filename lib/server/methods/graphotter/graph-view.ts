import "server-only";
import { parseCellId, type CellGraph, type CellNode } from "@/lib/core/cell-graph/graph";
import { loadDataset, tableByName } from "@/lib/server/stores/datasets";
import { loadCellGraph } from "./load-grid";
import { notFound } from "@/lib/server/http/not-found";

/** Nodes one view draws at most; a larger graph is drawn around the cells in play. */
export const MAX_VIEW_NODES = 1500;
const CONTEXT_ROWS = 2;
const COLUMN_WINDOW = 12;

export type CellGraphView = {
  table: string;
  rows: number;
  columns: number;
  headerRows: number;
  total: number;
  /** True when only the neighbourhood of the focus cells is included. */
  partial: boolean;
  nodes: CellNode[];
};

/**
 * The cell graph of a table for drawing: all of it when small; otherwise its top (header) rows
 * and, around each focus cell, its rows (± 2) and a window of its columns, so a 10,000-row sheet
 * draws the cells in play and their context, not everything.
 */
export async function cellGraphView(
  datasetId: string,
  tableName: string,
  focus: readonly string[],
): Promise<CellGraphView> {
  const dataset = await loadDataset(datasetId);
  const table = tableByName(dataset, tableName);
  if (!table) throw notFound("table", tableName, dataset.name);
  // Drawing a table is browsing it: its read waits with the grid's reads, not with questions.
  const { graph } = await loadCellGraph(datasetId, dataset.storage, table, undefined, "grid");
  const base = {
    table: table.name,
    rows: graph.rowCount,
    columns: graph.colCount,
    headerRows: graph.headerRows,
    total: graph.nodes.length,
  };
  if (graph.nodes.length <= MAX_VIEW_NODES) return { ...base, partial: false, nodes: graph.nodes };
  return { ...base, partial: true, nodes: neighbourhood(graph, focus) };
}

/** The nodes drawn for a large graph: its top rows and the rows and column windows of the focus cells. */
export function neighbourhood(g: CellGraph, focus: readonly string[]): CellNode[] {
  const pick = new Set<number>();
  const addRow = (r: number) => {
    if (r >= 0 && r < g.rowCount) for (const i of g.rowIndex[r]) pick.add(i);
  };
  for (let r = 0; r < Math.max(g.headerRows, 1) + 1; r++) addRow(r);
  const cells = focus.map((id) => g.byId.get(id) ?? null).filter((n): n is CellNode => !!n);
  for (const id of focus) {
    const n = g.byId.get(id);
    const pos = parseCellId(id);
    if (!n || !pos) continue;
    for (let r = n.rows[0] - CONTEXT_ROWS; r <= n.rows.at(-1)! + CONTEXT_ROWS; r++) addRow(r);
    for (const c of n.cols) {
      const column = g.colIndex[c];
      const at = column.findIndex((i) => g.nodes[i].rows[0] >= n.rows[0]);
      for (const i of column.slice(Math.max(0, at - COLUMN_WINDOW), at + COLUMN_WINDOW)) pick.add(i);
    }
    if (pick.size >= MAX_VIEW_NODES) break;
  }
  for (const n of cells) pick.add(g.nodes.indexOf(n));
  return [...pick]
    .sort((a, b) => a - b)
    .slice(0, MAX_VIEW_NODES)
    .map((i) => g.nodes[i]);
}
