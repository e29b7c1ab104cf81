import type { RawGrid } from "./grid";

/** One node of the cell graph: a cell (a merged cell spans several rows and/or columns). */
export type CellNode = {
  /** "r{top}c{left}": the grid position of the cell's top-left corner. */
  id: string;
  rows: number[];
  cols: number[];
  value: string;
};

export type EdgeRelation = "SAME ROW" | "SAME COLUMN";

/**
 * GraphOTTER's cell graph (§3.2): every non-blank cell, header or data alike, is a node
 * (rowIds, colIds, value); an undirected edge joins two cells that share a row (SAME ROW) or a
 * column (SAME COLUMN). Edges are implicit: a 10,000-row column alone would have 50 million of
 * them, so neighbours are read from the row and column indexes when asked for.
 */
export type CellGraph = {
  rowCount: number;
  colCount: number;
  headerRows: number;
  nodes: CellNode[];
  byId: Map<string, CellNode>;
  /** Node indexes (into `nodes`) per grid row and per grid column, in column / row order. */
  rowIndex: number[][];
  colIndex: number[][];
  issues: string[];
};

/** A grid position's id, "r3c2" (row 3, column 2; a merged cell is named by its top-left). */
const cellId = (row: number, col: number) => `r${row}c${col}`;

/** Parses "r3c2" back to its top-left grid position, or null. */
export function parseCellId(id: string): { row: number; col: number } | null {
  const m = /^r(\d+)c(\d+)$/.exec(id);
  return m ? { row: Number(m[1]), col: Number(m[2]) } : null;
}

/** Builds the cell graph of a raw grid; blank cells carry no value and are not nodes. */
export function buildCellGraph(grid: RawGrid): CellGraph {
  const rowCount = grid.cells.length;
  const colCount = rowCount ? grid.cells[0].length : 0;
  const covered = new Map<number, { bottom: number; right: number } | null>();
  for (const m of grid.merges) {
    for (let r = m.top; r <= m.bottom; r++) for (let c = m.left; c <= m.right; c++) covered.set(r * colCount + c, null);
    covered.set(m.top * colCount + m.left, { bottom: m.bottom, right: m.right });
  }
  const nodes: CellNode[] = [];
  const rowIndex: number[][] = Array.from({ length: rowCount }, () => []);
  const colIndex: number[][] = Array.from({ length: colCount }, () => []);
  for (let r = 0; r < rowCount; r++) {
    for (let c = 0; c < colCount; c++) {
      const span = covered.get(r * colCount + c);
      if (span === null) continue; // inside a merged range, not its top-left cell
      const value = grid.cells[r][c];
      if (value === null) continue;
      const bottom = span?.bottom ?? r;
      const right = span?.right ?? c;
      const node: CellNode = { id: cellId(r, c), rows: range(r, bottom), cols: range(c, right), value };
      const i = nodes.push(node) - 1;
      for (const rr of node.rows) rowIndex[rr].push(i);
      for (const cc of node.cols) colIndex[cc].push(i);
    }
  }
  // Row lists must be in column order even when a merged cell from above joins a lower row.
  for (const list of rowIndex) list.sort((a, b) => nodes[a].cols[0] - nodes[b].cols[0]);
  return {
    rowCount,
    colCount,
    headerRows: grid.headerRows,
    nodes,
    byId: new Map(nodes.map((n) => [n.id, n])),
    rowIndex,
    colIndex,
    issues: grid.issues,
  };
}

function range(from: number, to: number): number[] {
  return Array.from({ length: to - from + 1 }, (_, i) => from + i);
}

/** The relation of two nodes: SAME ROW, SAME COLUMN, or null when they are not adjacent. */
export function relation(a: CellNode, b: CellNode): EdgeRelation | null {
  if (a.id === b.id) return null;
  if (a.rows.some((r) => b.rows.includes(r))) return "SAME ROW";
  if (a.cols.some((c) => b.cols.includes(c))) return "SAME COLUMN";
  return null;
}

/** Every neighbour of a node (same row or same column), row neighbours first, without repeats. */
export function neighbours(g: CellGraph, node: CellNode): CellNode[] {
  const seen = new Set<number>();
  const out: CellNode[] = [];
  const add = (i: number) => {
    if (seen.has(i) || g.nodes[i].id === node.id) return;
    seen.add(i);
    out.push(g.nodes[i]);
  };
  for (const r of node.rows) for (const i of g.rowIndex[r]) add(i);
  for (const c of node.cols) for (const i of g.colIndex[c]) add(i);
  return out;
}

/** Nodes adjacent to both a and b: the cells where a's rows meet b's columns and the reverse. */
export function sharedNeighbours(g: CellGraph, a: CellNode, b: CellNode): CellNode[] {
  if (a.id === b.id) return [];
  const ofA = new Set(neighbours(g, a).map((n) => n.id));
  return neighbours(g, b).filter((n) => ofA.has(n.id) && n.id !== a.id);
}
