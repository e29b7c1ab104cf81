// The SQL worker's row loop (./sql-worker.ts): reads a prepared statement's rows up to the caps a
// query carries (rows, bytes of text, a soft time budget, the hard time limit), so nothing larger
// than them ever leaves the process.
import "server-only";
import type { Statement } from "./worker-connection";

type Cell = string | number | null;
export type RowCaps = {
  maxRows: number;
  /** Bytes (UTF-8) of cell text; the row that passes it is kept with its text cut, then reading stops. */
  maxBytes?: number;
  /** Soft budget: rows stop being read after it and the result is cut. */
  budgetDeadline: number;
  /** The statement's time limit: past it, reading stops with a timeout. */
  hardDeadline: number;
  countOnly: boolean;
};
export type RowsRead = { rows: Cell[][]; rowCount: number; stoppedBy: "rows" | "time" | "bytes" | null };

/** Thrown when the time limit passed between two rows (the worker answers with a timeout). */
export class RowTimeLimitError extends Error {}

function cell(value: unknown): Cell {
  if (value === null || value === undefined) return null;
  if (typeof value === "bigint") return Number.isSafeInteger(Number(value)) ? Number(value) : value.toString();
  if (typeof value === "number" || typeof value === "string") return value;
  if (value instanceof Uint8Array) return `<${value.length} bytes>`;
  return String(value);
}

const cellBytes = (c: Cell) => (typeof c === "string" ? Buffer.byteLength(c) : 8);

/** Cuts a row's text cells so that their bytes fit `room` (each keeps an equal share, marked "…"). */
function cutRow(row: Cell[], room: number): Cell[] {
  const texts = row.filter((c) => typeof c === "string").length || 1;
  const share = Math.max(0, Math.floor(room / texts));
  return row.map((c) => (typeof c === "string" && Buffer.byteLength(c) > share ? `${c.slice(0, share)}…` : c));
}

/** Steps the statement's rows within the caps. */
export async function readRows(stmt: Statement, params: unknown[], caps: RowCaps): Promise<RowsRead> {
  const rows: Cell[][] = [];
  let rowCount = 0;
  let bytes = 0;
  let stoppedBy: RowsRead["stoppedBy"] = null;
  // The first step runs off this process's event loop, so an interrupt can stop it; the caps end
  // the statement here, between rows.
  for (const raw of await stmt.raw(true).iterate(...params)) {
    if (rowCount === caps.maxRows) {
      stoppedBy = "rows";
      break;
    }
    if ((rowCount & 255) === 0 && rowCount > 0) {
      const now = performance.now();
      if (now > caps.hardDeadline) throw new RowTimeLimitError();
      if (now > caps.budgetDeadline) {
        stoppedBy = "time";
        break;
      }
    }
    rowCount++;
    if (caps.countOnly) continue;
    const row = raw.map(cell);
    if (caps.maxBytes !== undefined) {
      const size = row.reduce<number>((sum, c) => sum + cellBytes(c), 0);
      if (bytes + size > caps.maxBytes) {
        rows.push(cutRow(row, caps.maxBytes - bytes));
        stoppedBy = "bytes";
        break;
      }
      bytes += size;
    }
    rows.push(row);
  }
  return { rows, rowCount, stoppedBy };
}
