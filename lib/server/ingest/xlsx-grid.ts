import "server-only";
import type { Cell, Worksheet } from "exceljs";
import { TypeTally, toStoredValue } from "@/lib/core/ingest/infer-type";
import type { MergeRange } from "@/lib/core/model/dataset";
import { headerText, plainValue } from "./xlsx-cells";

/** Beyond this many rows a "header" is more likely a merged block of data. */
const MAX_HEADER_ROWS = 10;

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
  for (let n = column; n > 0; n = Math.floor((n - 1) / 26)) letters = String.fromCharCode(65 + ((n - 1) % 26)) + letters;
  return letters;
}

export type SheetHeader = {
  /** The header grid as written: merged cells other than the top-left one are null. */
  rows: Array<Array<string | null>>;
  /** One name per column, joining the distinct texts above it from top to bottom with " / ". */
  names: string[];
};

/**
 * Finds the header: the top rows held together by merged cells that start in the header (a label
 * merged down over several rows), plus the row of sub-labels under a label merged across columns
 * (a year over "Boys" and "Girls") when the cells under it are text labels, skipping blank rows.
 */
export function readHeader(grid: SheetGrid): SheetHeader {
  const limit = Math.min(grid.rows, MAX_HEADER_ROWS + 1);
  const cover = new Map<number, MergeRange>();
  for (const m of grid.merges) {
    if (m.top >= limit) break;
    for (let r = m.top; r <= Math.min(m.bottom, limit - 1); r++) {
      for (let c = m.left; c <= m.right; c++) cover.set(r * grid.columns + c, m);
    }
  }
  const resolved = (r: number, c: number) => {
    const m = cover.get(r * grid.columns + c);
    return plainValue(ownCell(grid, m ? m.top : r, m ? m.left : c)?.value ?? null);
  };
  const isLabel = (r: number, c: number) => {
    const v = resolved(r, c);
    const tally = new TypeTally();
    tally.add(typeof v === "string" ? toStoredValue(v) : v);
    return v !== null && tally.resolve() === "text";
  };
  const isBlankRow = (r: number) => {
    for (let c = 0; c < grid.columns; c++) if (resolved(r, c) !== null) return false;
    return true;
  };
  // Sub-labels may leave gaps (a column labelled only further down) but must all be text.
  const labelsUnder = (r: number, m: MergeRange) => {
    let labels = 0;
    for (let c = m.left; c <= m.right; c++) {
      if (isLabel(r, c)) labels++;
      else if (resolved(r, c) !== null) return false;
    }
    return labels > 0;
  };

  let height = 1;
  for (let changed = true; changed; ) {
    changed = false;
    for (const m of grid.merges) {
      if (m.top >= height) break;
      // A label merged down past any plausible header, or to the last row, labels data rows instead.
      if (m.bottom >= MAX_HEADER_ROWS || (m.bottom > m.top && m.bottom === grid.rows - 1)) continue;
      let needed = m.bottom + 1;
      if (m.right > m.left) {
        let below = m.bottom + 1;
        while (below < limit && isBlankRow(below)) below++;
        if (below < limit && labelsUnder(below, m)) needed = below + 1;
      }
      const next = Math.min(needed, limit, MAX_HEADER_ROWS);
      if (next > height) {
        height = next;
        changed = true;
      }
    }
  }

  const rows = Array.from({ length: height }, (_, r) =>
    Array.from({ length: grid.columns }, (_, c) => headerText(ownCell(grid, r, c)?.value ?? null)),
  );
  // A label merged across the whole width is the sheet's title, not part of any column's name.
  const isTitle = (r: number, c: number) => {
    const m = cover.get(r * grid.columns + c);
    return !!m && height > 1 && grid.columns > 1 && m.left === 0 && m.right === grid.columns - 1;
  };
  const names = Array.from({ length: grid.columns }, (_, c) => {
    const parts: string[] = [];
    for (let r = 0; r < height; r++) {
      if (isTitle(r, c)) continue;
      const v = resolved(r, c);
      const text = v === null ? null : headerText(v);
      if (text && !parts.includes(text)) parts.push(text);
    }
    return parts.join(" / ");
  });
  return { rows, names };
}
