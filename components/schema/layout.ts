/**
 * Positions for the schema graph (cytoscape "preset" layout). Each table is a box: its header on top,
 * its columns stacked below. Tables are layered by their links: a referenced table sits left of the
 * tables that reference it (declared keys, then discovered joins), tables of a layer are ordered next
 * to the tables they link to, and a tall layer wraps into several page columns so the whole drawing
 * keeps about the screen's aspect ratio — readable at 30 tables / 300 columns. Unlinked tables come last.
 */
import { orderLayer, rankTables, type TableLink } from "./ranks";

export type { TableLink } from "./ranks";

export const COL_W = 180;
export const COL_H = 20;
const ROW_H = 24;
const HEADER_H = 30;
const GAP_X = 100;
const GAP_Y = 44;

export interface LayoutTable {
  name: string;
  /** Node ids of the table's columns, in display order. */
  columns: string[];
}

export interface Point {
  x: number;
  y: number;
}

const heightOf = (t: LayoutTable) => HEADER_H + t.columns.length * ROW_H;

/** Splits each layer into page columns no taller than `limit`. */
function wrap(layers: LayoutTable[][], limit: number): LayoutTable[][] {
  const pageCols: LayoutTable[][] = [];
  for (const layer of layers) {
    let col: LayoutTable[] = [];
    let y = 0;
    for (const t of layer) {
      const h = heightOf(t);
      if (col.length > 0 && y + h > limit) {
        pageCols.push(col);
        col = [];
        y = 0;
      }
      col.push(t);
      y += h + GAP_Y;
    }
    if (col.length) pageCols.push(col);
  }
  return pageCols;
}

/** How far a wrapped drawing's width / height is from `aspect` (0 = exactly). */
function aspectError(cols: LayoutTable[][], aspect: number): number {
  const height = Math.max(...cols.map((c) => c.reduce((s, t) => s + heightOf(t) + GAP_Y, -GAP_Y)));
  const width = cols.length * (COL_W + GAP_X) - GAP_X;
  return Math.abs(Math.log(width / Math.max(1, height) / aspect));
}

/** The column height limit whose wrapped drawing comes closest to `aspect` (width / height). */
function bestLimit(layers: LayoutTable[][], aspect: number): number {
  const all = layers.flat();
  const tallest = Math.max(0, ...all.map(heightOf));
  const total = all.reduce((s, t) => s + heightOf(t) + GAP_Y, 0);
  let best = { limit: total, score: Infinity };
  for (let limit = tallest; limit <= total + 1; limit = Math.max(limit * 1.15, limit + 40)) {
    const score = aspectError(wrap(layers, limit), aspect);
    if (score < best.score) best = { limit, score };
  }
  return best.limit;
}

export function layoutTables(
  tables: LayoutTable[],
  links: TableLink[],
  aspect = 1.7,
): { columns: Map<string, Point>; headers: Map<string, Point> } {
  const { layers: named, isolated } = rankTables(
    tables.map((t) => t.name),
    links,
  );
  const byName = new Map(tables.map((t) => [t.name, t]));
  const layers = orderLayer(named, links).map((l) => l.map((n) => byName.get(n)!));
  if (isolated.length) layers.push(isolated.map((n) => byName.get(n)!));
  // Many thin layers (long reference chains) would each take a page column: when packing them as
  // one sequence keeps the aspect ratio better, do that (the order still follows the layers).
  const flat = [layers.flat()];
  const pageCols = [wrap(layers, bestLimit(layers, aspect)), wrap(flat, bestLimit(flat, aspect))].reduce((a, b) =>
    aspectError(a, aspect) <= aspectError(b, aspect) ? a : b,
  );
  const columns = new Map<string, Point>();
  const headers = new Map<string, Point>();
  pageCols.forEach((col, i) => {
    const x = i * (COL_W + GAP_X);
    let y = 0;
    for (const t of col) {
      headers.set(t.name, { x, y });
      t.columns.forEach((id, r) => columns.set(id, { x, y: y + HEADER_H + r * ROW_H }));
      y += heightOf(t) + GAP_Y;
    }
  });
  return { columns, headers };
}
