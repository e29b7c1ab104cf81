import "server-only";
import { buildCellGraph, type CellGraph, type CellNode } from "@/lib/core/cell-graph/graph";
import { gridFromLayout, gridFromRows } from "@/lib/core/cell-graph/grid";
import type { TableMeta } from "@/lib/core/model/dataset";
import type { EvidenceCell } from "@/lib/core/trace/kinds-run";
import type { DatasetStorage } from "@/db/schema";
import { quoteIdent } from "@/lib/core/ingest/identifiers";
import { datasetFiles, runCheckedSql, type SqlLane } from "@/lib/server/sql";
import { gridQueryMs, qualifiedTable } from "@/lib/server/stores/rows";
import { withKeptText } from "@/lib/server/written/store";
import type { OpenedCellGraph } from "@/lib/core/methods/module";
import { datasetCache } from "@/lib/server/process/dataset-caches";
import type { DatasetContext } from "../dataset-context";

/** Rows read into a cell graph at most; a larger table is cut with a warning (the view and the loop stay fast). */
const MAX_GRAPH_ROWS = 20_000;

export type LoadedGraph = { graph: CellGraph; truncated: boolean };

/**
 * The raw grid of a stored table as a cell graph: an imported sheet's header rows and merged
 * ranges (its `layout`) above its rows in rowid order; CSV and database tables with their column
 * names as the first row.
 */
export async function loadCellGraph(
  datasetId: string,
  storage: DatasetStorage,
  table: TableMeta,
  signal?: AbortSignal,
  lane: SqlLane = "answers",
): Promise<LoadedGraph> {
  const cols = table.columns.map((c) => quoteIdent(c.sqlName)).join(", ");
  const from = qualifiedTable(table);
  // The raw grid as the file wrote it: numbers with their written text (lib/server/written).
  const kept = withKeptText(table, `${from}.rowid`);
  // Read in an SQL worker with a time limit: a view may be slow or never end.
  const sql = `SELECT ${cols}${kept.extra} FROM ${from}${table.isView ? "" : " ORDER BY rowid"} LIMIT ?`;
  const { rows } = await runCheckedSql(datasetFiles(datasetId, storage), sql, {
    internal: true,
    params: [MAX_GRAPH_ROWS + 1],
    maxRows: MAX_GRAPH_ROWS + 1,
    timeoutMs: gridQueryMs(),
    signal,
    pool: lane,
  });
  const truncated = rows.length > MAX_GRAPH_ROWS;
  const data = rows.slice(0, MAX_GRAPH_ROWS).map((r) => kept.shown(r, 0).map(plain));
  const grid = table.layout
    ? gridFromLayout(table.layout, data)
    : gridFromRows(
        table.columns.map((c) => c.name),
        data,
      );
  return { graph: buildCellGraph(grid), truncated };
}

function plain(v: unknown): string | number | null {
  if (v === null || v === undefined) return null;
  if (typeof v === "number" || typeof v === "string") return v;
  if (typeof v === "bigint") return Number(v);
  if (v instanceof Uint8Array) return null;
  return String(v);
}

// The cell graphs this thread opened, per dataset and table: read and indexed once (the header tree,
// the inverted index and the cell vectors hang off the graph), dropped when the dataset changes.
const opened = datasetCache<Map<string, Promise<OpenedCellGraph>>>("graphotter-graphs", { max: 4 });

/**
 * A table of a run's dataset as GraphOTTER's cell graph port opens it: the graph and its evidence
 * mapping, kept by the thread so the next question on the table reuses the graph and its index.
 */
export function openCellGraph(
  context: DatasetContext,
  table: TableMeta,
  signal?: AbortSignal,
): Promise<OpenedCellGraph> {
  let tables = opened.get(context.id);
  if (!tables) opened.set(context.id, (tables = new Map()));
  const known = tables.get(table.name);
  if (known) return known;
  const pending = loadCellGraph(context.id, context.dataset.storage, table, signal).then(({ graph, truncated }) => ({
    graph,
    truncated,
    maxRows: MAX_GRAPH_ROWS,
    evidenceOf: evidenceMapper(table, graph),
  }));
  tables.set(table.name, pending);
  // A failed or cancelled read is not kept: the next question reads again.
  pending.catch(() => {
    if (opened.get(context.id)?.get(table.name) === pending) opened.get(context.id)!.delete(table.name);
  });
  return pending;
}

/** The dataset cell behind a node: data rows only (rowid = grid row − header rows + 1), one row high. */
function evidenceMapper(table: TableMeta, graph: CellGraph): (node: CellNode) => EvidenceCell | null {
  return (node) => {
    const row = node.rows[0] - graph.headerRows;
    const column = table.columns[node.cols[0]];
    if (row < 0 || node.rows.length > 1 || !column || table.isView) return null;
    return { table: table.name, column: column.sqlName, rowId: row + 1, value: node.value };
  };
}
