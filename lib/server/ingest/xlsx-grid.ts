import "server-only";
import type { Cell, Worksheet } from "exceljs";
import { detectHeader, MAX_HEADER_ROWS, type HeaderGuess } from "@/lib/core/ingest/header-detect";
import { composeHeaderNames } from "@/lib/core/ingest/header-names";
import type { MergeRange } from "@/lib/core/model/dataset";
import { headerText, plainValue } from "./xlsx-cells";

/** The used part of a sheet: the smallest rectangle holding every non-blank cell. */
export type SheetGrid = {
  ws: Worksheet;
  top: number; // 1-based sheet row of grid row 0
  left: number; // 1-based sheet column of grid column 0
  rows: number;
  columns: number;
  merges: MergeRange[]; // zero-based, clipped to the grid
};

type Rect = { top: number; left: number; bottom: number; right: number };

/** Measures the used grid of a sheet; null when the sheet has no content. */
export function measureSheet(ws: Worksheet): SheetGrid | null {
  let top = Infinity;
  let left = Infinity;
  let bottom = 0;
  let right = 0;
  ws.eachRow({ includeEmpty: false }, (row, r) => {
    row.eachCell({ includeEmpty: false }, (cell, c) => {
      const v = cell.value;
      // Non-master merged cells echo their master's value; only the master counts.
      if (cell.master !== cell || v === null || v === undefined || (typeof v === "string" && v.trim() === "")) return;
      top = Math.min(top, r);
      left = Math.min(left, c);
      bottom = Math.max(bottom, r);
      right = Math.max(right, c);
    });
  });
  if (bottom === 0) return null;
  const grid: SheetGrid = { ws, top, left, rows: bottom - top + 1, columns: right - left + 1, merges: [] };
  grid.merges = sheetMerges(ws).flatMap((m) => clip(m, grid));
  grid.merges.sort((a, b) => a.top - b.top || a.left - b.left);
  return grid;
}

function sheetMerges(ws: Worksheet): Rect[] {
  // exceljs keeps parsed <mergeCells> here; the public ws.model would serialise every row to get them.
  const merges = (ws as unknown as { _merges?: Record<string, Rect | undefined> })._merges ?? {};
  return Object.values(merges).filter((m): m is Rect => !!m);
}

function clip(m: Rect, grid: SheetGrid): MergeRange[] {
  const top = Math.max(m.top - grid.top, 0);
  const left = Math.max(m.left - grid.left, 0);
  const bottom = Math.min(m.bottom - grid.top, grid.rows - 1);
  const right = Math.min(m.right - grid.left, grid.columns - 1);
  if (top > bottom || left > right || (top === bottom && left === right)) return [];
  return [{ top, left, bottom, right }];
}

/** The cell at zero-based grid coordinates, if it is not a merged cell's echo of its master. */
export function ownCell(grid: SheetGrid, r: number, c: number): Cell | undefined {
  const cell = grid.ws.findRow(grid.top + r)?.findCell(grid.left + c);
  return cell && cell.master === cell ? cell : undefined;
}

/** ownCell for a whole grid row, looking the row up once. */
export function ownCellsOfRow(grid: SheetGrid, r: number): Array<Cell | undefined> {
  const row = grid.ws.findRow(grid.top + r);
  return Array.from({ length: grid.columns }, (_, c) => {
    const cell = row?.findCell(grid.left + c);
    return cell && cell.master === cell ? cell : undefined;
  });
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

/** Rows of the sheet's top the header detector looks at: enough to tell the body from the header. */
const SAMPLE_ROWS = 40;

/**
 * Reads the header: its depth is detected from the sheet's structure (lib/core/ingest/header-detect)
 * unless `chosenRows` says otherwise; names join the header cells above each column.
 */
export function readHeader(grid: SheetGrid, chosenRows?: number): SheetHeader {
  const sample = Array.from({ length: Math.min(grid.rows, SAMPLE_ROWS) }, (_, r) =>
    ownCellsOfRow(grid, r).map((cell) => plainValue(cell?.value ?? null)),
  );
  const guess = detectHeader(sample, grid.merges);
  const height = Math.min(Math.max(chosenRows ?? guess.headerRows, 1), MAX_HEADER_ROWS, grid.rows);
  const rows = Array.from({ length: height }, (_, r) =>
    Array.from({ length: grid.columns }, (_, c) => headerText(ownCell(grid, r, c)?.value ?? null)),
  );
  // A label merged across the whole width is the sheet's title, not part of any column's name.
  const titleRows = new Set(
    grid.merges
      .filter((m) => height > 1 && grid.columns > 1 && m.left === 0 && m.right === grid.columns - 1 && m.top < height)
      .map((m) => m.top),
  );
  const named = rows.map((row, r) => (titleRows.has(r) ? row.map(() => null) : row));
  return { rows, names: composeHeaderNames(named, grid.columns), guess };
}
