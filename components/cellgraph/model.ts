import type { TraceEvent } from "@/lib/core/trace";

/** What the cell-graph view shows about a run, from its events only. */
export interface GraphWalk {
  table: string | null;
  headerRows: number;
  /** Node → the step at which it joined the reasoning trace (0 = initialisation). */
  visits: Map<string, number>;
  /** Nodes the latest action returned (observed, not necessarily in the trace). */
  observed: Set<string>;
  /** Edges of the latest trace update. */
  edges: Array<{ source: string; target: string }>;
  answerCells: Set<string>;
  step: number;
}

/** Folds a run's events (a prefix, during replay) into the walk the view draws. */
export function graphWalk(events: readonly TraceEvent[]): GraphWalk {
  const walk: GraphWalk = {
    table: null,
    headerRows: 0,
    visits: new Map(),
    observed: new Set(),
    edges: [],
    answerCells: new Set(),
    step: 0,
  };
  for (const e of events) {
    switch (e.type) {
      case "cell-graph":
        walk.table = e.table;
        walk.headerRows = e.headerRows;
        break;
      case "trace-init":
        for (const n of e.nodes) if (!walk.visits.has(n)) walk.visits.set(n, 0);
        break;
      case "graph-action":
        walk.step = e.step;
        walk.observed = new Set(e.resultNodes);
        break;
      case "trace-update":
        for (const n of e.nodes) if (!walk.visits.has(n)) walk.visits.set(n, walk.step);
        walk.edges = e.edges;
        break;
      case "answer":
        for (const c of e.cells ?? []) walk.answerCells.add(c.node);
        break;
      default:
        break;
    }
  }
  return walk;
}

export type ViewNode = { id: string; rows: number[]; cols: number[]; value: string };

const W = 112;
const H = 30;
const GAP = 4;

/**
 * Places nodes where their cells are: x by column, y by row, merged cells as wide (or tall)
 * boxes. Rows that are not drawn (a large table shown around the cells in play) are skipped with
 * a small gap instead of empty space.
 */
export function placeNodes(
  nodes: readonly ViewNode[],
): Array<ViewNode & { x: number; y: number; w: number; h: number }> {
  const rows = [...new Set(nodes.flatMap((n) => n.rows))].sort((a, b) => a - b);
  const y = new Map<number, number>();
  let at = 0;
  rows.forEach((r, i) => {
    if (i > 0 && r !== rows[i - 1] + 1) at += 0.6;
    y.set(r, at);
    at += 1;
  });
  return nodes.map((n) => {
    const top = y.get(n.rows[0]) ?? 0;
    const bottom = y.get(n.rows.at(-1)!) ?? top;
    const w = n.cols.length * W - GAP;
    const h = (bottom - top + 1) * H - GAP;
    return { ...n, x: n.cols[0] * W + w / 2, y: top * H + h / 2, w, h };
  });
}

/**
 * The walk's nodes as heatmap cells ("rowId column" → step): data cells only, one row high,
 * rowid = grid row − header rows + 1 (as the importer numbers rows).
 */
export function walkCells(walk: GraphWalk, columns: readonly string[]): Map<string, number> {
  const out = new Map<string, number>();
  for (const [id, step] of walk.visits) {
    const m = /^r(\d+)c(\d+)$/.exec(id);
    if (!m) continue;
    const row = Number(m[1]) - walk.headerRows;
    const column = columns[Number(m[2])];
    if (row >= 0 && column) out.set(`${row + 1} ${column}`, step);
  }
  return out;
}
