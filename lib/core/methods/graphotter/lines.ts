import type { TableIndex } from "./table-index";

/**
 * Body cells (indexes into tree.cells) on some grid rows and/or columns: where the rows meet the
 * columns when both are given, else every body cell of the given lines; at most `limit`, in grid
 * order. Reads only the lines named, through the graph's row and column indexes.
 */
export function cellsOnLines(
  index: TableIndex,
  rows: readonly number[] | null,
  cols: readonly number[] | null,
  limit: number,
): number[] {
  const { graph, tree } = index;
  const out: number[] = [];
  const seen = new Set<number>();
  const push = (node: number) => {
    const c = tree.cellOf.get(node);
    if (c === undefined || seen.has(c)) return;
    seen.add(c);
    out.push(c);
  };
  if (rows && cols) {
    const wanted = new Set(cols);
    for (const r of rows) {
      for (const i of graph.rowIndex[r] ?? []) if (graph.nodes[i].cols.some((c) => wanted.has(c))) push(i);
      if (out.length >= limit) break;
    }
  } else if (rows) {
    for (const r of rows) {
      for (const i of graph.rowIndex[r] ?? []) push(i);
      if (out.length >= limit) break;
    }
  } else if (cols) {
    for (const c of cols) {
      for (const i of graph.colIndex[c] ?? []) {
        push(i);
        if (out.length >= limit) break;
      }
      if (out.length >= limit) break;
    }
  }
  return out.slice(0, limit);
}
