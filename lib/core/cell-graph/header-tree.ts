import type { CellGraph } from "./graph";
import { isTotalLabel, leftHeaderColumns, sectionRows, topHeaderRows } from "./header-layout";
import { cellNumber } from "./numbers";
import { mergeUnits, unitOf, type Unit } from "./units";

type HeaderAxis = "row" | "column";

/** One header cell of the table's row or column header tree. */
type HeaderNode = {
  /** Index of the cell in `graph.nodes`. */
  node: number;
  axis: HeaderAxis;
  /** Depth in its tree: 0 is the outermost header (a merged year over its quarters, a section row). */
  level: number;
  /** Index into `HeaderTree.headers` of the header above (column) or enclosing (row) it. */
  parent: number | null;
  children: number[];
  /** A section row: a label with no values of its own, heading the rows below it. */
  section: boolean;
  /** "Total", "All industries": sums or summarises its siblings. */
  total: boolean;
};

/** A cell of the body with the header paths that name it, outermost first (indexes into `headers`). */
export type BodyCell = {
  node: number;
  row: number;
  col: number;
  rowPath: number[];
  colPath: number[];
  /** The cell's number ("$1,694" → 1694), null for text. */
  number: number | null;
  unit: Unit;
  /** A cell of the left header columns (a row's own label): an answer to "which …" questions. */
  rowLabel: boolean;
};

/**
 * The table read as a report is read: the top header rows and left header columns, each header's
 * parent (a merged cell over the cells below it, a merged row label beside the rows it spans, a
 * section row over the rows that follow it), totals, and every body cell with its row and column
 * header paths and its unit.
 */
export type HeaderTree = {
  topRows: number;
  leftCols: number;
  headers: HeaderNode[];
  /** Node index → header index, for header cells. */
  headerOf: Map<number, number>;
  cells: BodyCell[];
  /** Node index → index into `cells`. */
  cellOf: Map<number, number>;
  /** Per grid row / column, the header path (header indexes, outermost first). */
  rowPaths: number[][];
  colPaths: number[][];
};

/** Builds the header tree of a cell graph: linear in its cells. */
export function buildHeaderTree(g: CellGraph): HeaderTree {
  let top = topHeaderRows(g);
  const left = leftHeaderColumns(g, top);
  // A last "header" row with nothing in the data columns is the first section row.
  while (top > 1 && g.rowIndex[top - 1].every((i) => g.nodes[i].cols.at(-1)! < left)) top--;
  const sections = sectionRows(g, top, left);
  const headers: HeaderNode[] = [];
  const headerOf = new Map<number, number>();
  const addHeader = (node: number, axis: HeaderAxis, level: number, parent: number | null, section = false) => {
    const known = headerOf.get(node);
    if (known !== undefined) return known;
    const h = headers.push({
      node,
      axis,
      level,
      parent,
      children: [],
      section,
      total: isTotalLabel(g.nodes[node].value),
    });
    headerOf.set(node, h - 1);
    if (parent !== null) headers[parent].children.push(h - 1);
    return h - 1;
  };

  // Column paths: the header-row cells over each column, top to bottom.
  const colPaths: number[][] = Array.from({ length: g.colCount }, () => []);
  for (let c = 0; c < g.colCount; c++) {
    const above = g.colIndex[c]
      .filter((i) => g.nodes[i].rows[0] < top)
      .sort((a, b) => g.nodes[a].rows[0] - g.nodes[b].rows[0]);
    let parent: number | null = null;
    for (const i of above) {
      const h = addHeader(i, "column", colPaths[c].length, parent);
      colPaths[c].push(h);
      parent = h;
    }
  }

  // Row paths: open sections, then the left header cells of the row, left to right.
  const rowPaths: number[][] = Array.from({ length: g.rowCount }, () => []);
  const open: number[] = [];
  // The last header row's own label in the left columns heads the first rows (HiTab's "region of ancestry").
  const lastTop =
    top > 0 ? g.rowIndex[top - 1].filter((i) => g.nodes[i].cols[0] < left && g.nodes[i].rows[0] === top - 1) : [];
  if (lastTop.length && top > 1) open.push(addHeader(lastTop[0], "row", 0, null, true));
  let afterData = false;
  for (let r = top; r < g.rowCount; r++) {
    const own = g.rowIndex[r]
      .filter((i) => g.nodes[i].cols[0] < left)
      .sort((a, b) => g.nodes[a].cols[0] - g.nodes[b].cols[0]);
    if (sections.has(r)) {
      // A section after data rows replaces the innermost open one; consecutive ones nest.
      if (afterData && open.length) open.pop();
      const parent = open.at(-1) ?? null;
      const h = addHeader(own[0], "row", open.length, parent, true);
      open.push(h);
      rowPaths[r] = [...open];
      afterData = false;
      continue;
    }
    afterData = true;
    const path = [...open];
    for (const i of own) {
      const h = addHeader(i, "row", path.length, path.at(-1) ?? null);
      path.push(h);
    }
    rowPaths[r] = path;
  }

  const headerUnits = headers.map((h) => unitOf(g.nodes[h.node].value));
  const pathUnits = new Map<string, Unit>();
  const unitOfPaths = (rowPath: number[], colPath: number[]) => {
    const key = `${rowPath.join(",")}|${colPath.join(",")}`;
    let u = pathUnits.get(key);
    if (!u) pathUnits.set(key, (u = mergeUnits([...rowPath, ...colPath].map((h) => headerUnits[h]))));
    return u;
  };
  const cells: BodyCell[] = [];
  const cellOf = new Map<number, number>();
  g.nodes.forEach((n, i) => {
    const r = n.rows[0];
    const c = n.cols[0];
    if (r < top || sections.has(r)) return;
    const rowLabel = c < left;
    const rowPath = rowLabel ? rowPaths[r].filter((h) => headers[h].node !== i) : rowPaths[r];
    const colPath = colPaths[c];
    cellOf.set(i, cells.length);
    cells.push({
      node: i,
      row: r,
      col: c,
      rowPath,
      colPath,
      number: rowLabel ? null : cellNumber(n.value),
      unit: ownUnit(unitOfPaths(rowPath, colPath), n.value),
      rowLabel,
    });
  });
  return { topRows: top, leftCols: left, headers, headerOf, cells, cellOf, rowPaths, colPaths };
}

/** A cell's own "%" or "$" on top of what its headers say (the cheap part of unitOf, for every cell). */
function ownUnit(paths: Unit, value: string): Unit {
  const percent = value.endsWith("%");
  const currency = value.includes("$") ? "$" : null;
  if (!percent && !currency) return paths;
  return { ...paths, percent: paths.percent || percent, currency: currency ?? paths.currency };
}

/** The text of a header path, outermost first: "Year Ended December 31, › 2018". */
export function pathText(g: CellGraph, tree: HeaderTree, path: readonly number[]): string {
  return path.map((h) => g.nodes[tree.headers[h].node].value).join(" › ");
}
