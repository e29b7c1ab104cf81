import type { MergeRange, SheetLayout } from "../model/dataset";

/** A table as its raw grid: every cell as text (null when blank), header rows included. */
export type RawGrid = {
  cells: Array<Array<string | null>>;
  /** Merged ranges, zero-based and inclusive, already checked against the grid. */
  merges: MergeRange[];
  /** Rows above the first data row (they are cells like any other; kept to map rows to rowids). */
  headerRows: number;
  /** What was dropped or clipped while reading the merges, for a warning. */
  issues: string[];
};

type Value = string | number | boolean | null | undefined;

/** Text of one cell: numbers as written by JS, blanks as null. */
function cellText(v: Value): string | null {
  if (v === null || v === undefined) return null;
  const s = String(v).replace(/\s+/g, " ").trim();
  return s === "" ? null : s;
}

/**
 * Keeps the merges that fit: clips ranges that run past the grid, drops ranges that overlap an
 * earlier one (a broken workbook) or shrink to one cell. Says what it did in `issues`.
 */
export function checkMerges(
  merges: readonly MergeRange[],
  rows: number,
  cols: number,
): { merges: MergeRange[]; issues: string[] } {
  const kept: MergeRange[] = [];
  const issues: string[] = [];
  const owner = new Map<number, number>();
  for (const m of merges) {
    const c = {
      top: Math.max(0, m.top),
      left: Math.max(0, m.left),
      bottom: Math.min(rows - 1, m.bottom),
      right: Math.min(cols - 1, m.right),
    };
    if (c.top > c.bottom || c.left > c.right) {
      issues.push(`A merged range (${describe(m)}) lies outside the ${rows}×${cols} grid and was ignored.`);
      continue;
    }
    if (c.bottom !== m.bottom || c.right !== m.right || c.top !== m.top || c.left !== m.left)
      issues.push(`A merged range (${describe(m)}) ran past the grid and was clipped.`);
    if (c.top === c.bottom && c.left === c.right) continue;
    let clash = false;
    for (let r = c.top; r <= c.bottom && !clash; r++)
      for (let k = c.left; k <= c.right; k++) if (owner.has(r * cols + k)) clash = true;
    if (clash) {
      issues.push(`A merged range (${describe(m)}) overlaps another merged range and was ignored.`);
      continue;
    }
    for (let r = c.top; r <= c.bottom; r++)
      for (let k = c.left; k <= c.right; k++) owner.set(r * cols + k, kept.length);
    kept.push(c);
  }
  return { merges: kept, issues };
}

const describe = (m: MergeRange) => `rows ${m.top}–${m.bottom}, columns ${m.left}–${m.right}`;

/**
 * The raw grid of an imported sheet: its header rows as laid out at import (merged cells other
 * than the top-left one are null) above its data rows, with the sheet's merged ranges.
 */
export function gridFromLayout(layout: SheetLayout, dataRows: ReadonlyArray<ReadonlyArray<Value>>): RawGrid {
  const cols = Math.max(
    layout.gridColumns,
    ...layout.headerRows.map((r) => r.length),
    ...dataRows.slice(0, 1).map((r) => r.length),
  );
  const cells = [
    ...layout.headerRows.map((r) => pad(r.map(cellText), cols)),
    ...dataRows.map((r) => pad(r.map(cellText), cols)),
  ];
  const { merges, issues } = checkMerges(layout.merges, cells.length, cols);
  return { cells, merges, headerRows: layout.headerRows.length, issues };
}

/** The raw grid of a CSV/TSV or database table: its column names as row 0, then its rows, no merges. */
export function gridFromRows(columnNames: readonly string[], dataRows: ReadonlyArray<ReadonlyArray<Value>>): RawGrid {
  const cols = columnNames.length;
  return {
    cells: [pad(columnNames.map(cellText), cols), ...dataRows.map((r) => pad(r.map(cellText), cols))],
    merges: [],
    headerRows: 1,
    issues: [],
  };
}

/** A grid given as a plain 2-D array (eval suites, tests), with optional merges. */
export function gridFromMatrix(
  matrix: ReadonlyArray<ReadonlyArray<Value>>,
  merges: readonly MergeRange[] = [],
  headerRows = 0,
): RawGrid {
  const cols = Math.max(0, ...matrix.map((r) => r.length));
  const cells = matrix.map((r) => pad(r.map(cellText), cols));
  const checked = checkMerges(merges, cells.length, cols);
  return { cells, merges: checked.merges, headerRows, issues: checked.issues };
}

function pad(row: Array<string | null>, cols: number): Array<string | null> {
  if (row.length >= cols) return row.slice(0, cols);
  return [...row, ...Array.from({ length: cols - row.length }, () => null)];
}
