import type { CellGraph } from "./graph";
import { cellNumber } from "./numbers";

/** A year written alone ("2017", "2017 (a)"): a label, even though it reads as a number. */
const isYearLabel = (v: string) => /^(1[89]|20)\d\d(\s*\([a-z0-9]\))?$/i.test(v.trim());

/** A number that is a value, not a label: years and footnote-marked years are labels. */
const isValue = (v: string) => cellNumber(v) !== null && !isYearLabel(v);

/**
 * Rows at the top that hold no value (years are labels): the column headers, wherever the import
 * thought the header ended. Never the whole table: a table of text keeps its first row as header.
 */
export function topHeaderRows(g: CellGraph, known = g.headerRows): number {
  let r = 0;
  for (; r < g.rowCount; r++) if (g.rowIndex[r].some((i) => isValue(g.nodes[i].value))) break;
  if (r >= g.rowCount - 1) return Math.min(known, Math.max(0, g.rowCount - 1));
  return Math.max(r, Math.min(known, r + 1));
}

/**
 * Columns at the left that label rows: text in most data rows (a column of years counts as labels
 * when it is the first). At least one column is left for data, and a table of text is read with
 * its first column as the row labels.
 */
export function leftHeaderColumns(g: CellGraph, top: number): number {
  let c = 0;
  for (; c < g.colCount - 1; c++) {
    let text = 0;
    let values = 0;
    let years = 0;
    const seen = new Set<number>();
    for (const i of g.colIndex[c]) {
      const n = g.nodes[i];
      if (n.rows[0] < top || seen.has(i) || n.cols[0] !== c) continue;
      seen.add(i);
      if (isYearLabel(n.value)) years++;
      else if (cellNumber(n.value) !== null) values++;
      else text++;
    }
    const labels = text + (c === 0 ? years : 0);
    if (labels === 0 || labels < values) break;
    // A text column beside a text column is data when nothing right of it holds values.
    if (c > 0 && !hasValuesRightOf(g, c, top)) break;
  }
  if (c === 0 && g.colCount > 1 && !hasValuesRightOf(g, -1, top)) return 1;
  return c;
}

function hasValuesRightOf(g: CellGraph, col: number, top: number): boolean {
  for (let c = col + 1; c < g.colCount; c++) {
    let values = 0;
    let checked = 0;
    for (const i of g.colIndex[c]) {
      const n = g.nodes[i];
      if (n.rows[0] < top) continue;
      if (++checked > 200) break;
      if (isValue(n.value)) values++;
    }
    if (values > 0) return true;
  }
  return false;
}

/**
 * Rows inside the data that only head the rows below them ("country of ancestry", a year over its
 * industries): a label in the left columns and nothing in the data columns except, at most, one
 * text cell across them (a unit such as "dollars").
 */
export function sectionRows(g: CellGraph, top: number, left: number): Set<number> {
  const out = new Set<number>();
  if (left === 0) return out;
  for (let r = top; r < g.rowCount; r++) {
    const row = g.rowIndex[r];
    const labels = row.filter((i) => g.nodes[i].cols[0] < left && g.nodes[i].rows[0] === r);
    if (!labels.length) continue;
    const data = row.filter((i) => g.nodes[i].cols.at(-1)! >= left);
    const unitOnly = data.length === 1 && !isValue(g.nodes[data[0]].value) && g.nodes[data[0]].cols.length > 1;
    if (data.length === 0 || unitOnly) out.add(r);
  }
  // A table whose every data row is a "section" has no data rows in the left columns' sense.
  return out.size >= g.rowCount - top ? new Set() : out;
}

const TOTAL = /^(total|all|overall|both|combined|grand total|sum)\b|\b(total|all \w+|overall)$|\btotal\b/i;

/** A header that sums or summarises its siblings: "Total", "All industries", "Total operating revenue". */
export const isTotalLabel = (v: string) => TOTAL.test(v.trim().replace(/[:.]+$/, ""));
