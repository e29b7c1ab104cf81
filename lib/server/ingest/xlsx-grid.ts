import "server-only";
import { detectHeader, MAX_HEADER_ROWS, type HeaderGuess } from "@/lib/core/ingest/header-detect";
import { composeHeaderNames } from "@/lib/core/ingest/header-names";
import type { MergeRange } from "@/lib/core/model/dataset";
import { headerText } from "./xlsx-cells";
import type { WorkbookSheet } from "./xlsx-package";
import type { SheetRect, SheetRow } from "./xlsx-sheet";

/** Rows of the sheet's top the header detector looks at: enough to tell the body from the header. */
const SAMPLE_ROWS = 40;

type Plain = string | number | null;

/**
 * The used part of a sheet, measured by a first streamed pass: the smallest rectangle holding
 * every non-blank cell, its merged ranges, and its top rows (for the header).
 */
export type SheetGrid = {
  sheet: WorkbookSheet;
  top: number; // 1-based sheet row of grid row 0
  left: number; // 1-based sheet column of grid column 0
  rows: number;
  columns: number;
  merges: MergeRange[]; // zero-based, clipped to the grid
  /** The first SAMPLE_ROWS grid rows, `columns` wide; cells a merge covers (not its top-left) are null. */
  sample: Plain[][];
};

/** Collects what a first pass over a sheet's rows learns; `area` grows as rows arrive. */
export class SheetMeasure {
  top = Infinity;
  left = Infinity;
  bottom = 0;
  right = 0;
  private readonly head: SheetRow[] = [];

  add(row: SheetRow): void {
    if (this.top === Infinity) this.top = row.row;
    this.bottom = row.row;
    for (const c of row.cells) {
      if (c.column < this.left) this.left = c.column;
      if (c.column > this.right) this.right = c.column;
    }
    if (row.row < this.top + SAMPLE_ROWS) this.head.push(row);
  }

  /** Cells of the used range so far (blank ones inside it included). */
  get area(): number {
    return this.bottom === 0 ? 0 : (this.bottom - this.top + 1) * (this.right - this.left + 1);
  }

  /** The measured grid, or null when the sheet has no content. */
  grid(sheet: WorkbookSheet, merges: SheetRect[]): SheetGrid | null {
    if (this.bottom === 0) return null;
    const rows = this.bottom - this.top + 1;
    const columns = this.right - this.left + 1;
    const clipped = merges.flatMap((m) => clip(m, this.top, this.left, rows, columns));
    clipped.sort((a, b) => a.top - b.top || a.left - b.left);
    const covered = coveredCells(clipped, columns);
    const sample: Plain[][] = Array.from({ length: Math.min(rows, SAMPLE_ROWS) }, () => Array(columns).fill(null));
    for (const row of this.head) {
      const r = row.row - this.top;
      for (const c of row.cells) {
        const k = c.column - this.left;
        if (!covered.has(r * columns + k)) sample[r][k] = c.value;
      }
    }
    return { sheet, top: this.top, left: this.left, rows, columns, merges: clipped, sample };
  }
}

function clip(m: SheetRect, top: number, left: number, rows: number, columns: number): MergeRange[] {
  const t = Math.max(m.top - top, 0);
  const l = Math.max(m.left - left, 0);
  const b = Math.min(m.bottom - top, rows - 1);
  const r = Math.min(m.right - left, columns - 1);
  if (t > b || l > r || (t === b && l === r)) return [];
  return [{ top: t, left: l, bottom: b, right: r }];
}

/** Grid positions (row × columns + column) of the top rows that a merge covers, its top-left cell excepted. */
function coveredCells(merges: MergeRange[], columns: number): Set<number> {
  const covered = new Set<number>();
  for (const m of merges)
    for (let r = m.top; r <= Math.min(m.bottom, SAMPLE_ROWS - 1); r++)
      for (let c = m.left; c <= m.right; c++) if (r !== m.top || c !== m.left) covered.add(r * columns + c);
  return covered;
}

/** The first pair of merges that overlap (a broken workbook: Excel refuses to open it), or null. */
export function overlappingMerges(merges: readonly MergeRange[]): [MergeRange, MergeRange] | null {
  const sorted = [...merges].sort((a, b) => a.top - b.top || a.left - b.left);
  for (let i = 0; i < sorted.length; i++)
    for (let j = i + 1; j < sorted.length && sorted[j].top <= sorted[i].bottom; j++) {
      const [a, b] = [sorted[i], sorted[j]];
      if (a.left <= b.right && b.left <= a.right) return [a, b];
    }
  return null;
}

/** "A", "B"… "AA" for a 1-based column number, for messages. */
export function columnLetter(column: number): string {
  let letters = "";
  for (let n = column; n > 0; n = Math.floor((n - 1) / 26))
    letters = String.fromCharCode(65 + ((n - 1) % 26)) + letters;
  return letters;
}

export type SheetHeader = {
  /** The header grid as written: merged cells other than the top-left one are null. */
  rows: Array<Array<string | null>>;
  /** One name per column, `top / middle / leaf`. */
  names: string[];
  /** What was detected (also when the user chose the depth), for the notes. */
  guess: HeaderGuess;
};

/**
 * Reads the header: its depth is detected from the sheet's structure (lib/core/ingest/header-detect)
 * unless `chosenRows` says otherwise; names join the header cells above each column.
 */
export function readHeader(grid: SheetGrid, chosenRows?: number): SheetHeader {
  const guess = detectHeader(grid.sample, grid.merges);
  const height = Math.min(Math.max(chosenRows ?? guess.headerRows, 1), MAX_HEADER_ROWS, grid.rows);
  const rows = grid.sample.slice(0, height).map((row) => row.map(headerText));
  // A label merged across the whole width is the sheet's title, not part of any column's name.
  const titleRows = new Set(
    grid.merges
      .filter((m) => height > 1 && grid.columns > 1 && m.left === 0 && m.right === grid.columns - 1 && m.top < height)
      .map((m) => m.top),
  );
  const named = rows.map((row, r) => (titleRows.has(r) ? row.map(() => null) : row));
  return { rows, names: composeHeaderNames(named, grid.columns), guess };
}
