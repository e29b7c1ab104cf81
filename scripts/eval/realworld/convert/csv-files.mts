// CSV sets: JSON record arrays written as CSV files (values as they appear), and the reference SQLite
// built from a set's CSV files, on which the gold SQL of its questions runs.
import { readFileSync } from "node:fs";
import path from "node:path";
import Papa from "papaparse";
import type { ColumnDef, TableDef } from "./ddl.mts";
import { writeSqlite } from "./sqlite-write.mts";

/** Records as CSV text: the union of their keys in first-seen order, null and missing as empty cells. */
export function recordsToCsv(records: ReadonlyArray<Record<string, unknown>>): string {
  const columns: string[] = [];
  const seen = new Set<string>();
  for (const r of records)
    for (const k of Object.keys(r))
      if (!seen.has(k)) {
        seen.add(k);
        columns.push(k);
      }
  const rows = records.map((r) =>
    columns.map((c) => {
      const v = r[c];
      if (v === null || v === undefined) return "";
      return typeof v === "object" ? JSON.stringify(v) : String(v);
    }),
  );
  return `${Papa.unparse({ fields: columns, data: rows }, { newline: "\n" })}\n`;
}

const INTEGER = /^[-+]?\d+$/;
const NUMBER = /^[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?$/;
/** Words files write for a missing number (penguins.csv writes NaN); in a numeric column they are NULL. */
const MISSING_NUMBER = /^(nan|na|n\/a|null)$/i;

/**
 * The type a CSV column reads as: INTEGER or REAL when every cell that is not empty (or a missing-number
 * word) is such a number, else TEXT.
 */
export function csvColumnType(cells: readonly string[]): "INTEGER" | "REAL" | "TEXT" {
  const filled = cells.map((c) => c.trim()).filter((c) => c !== "" && !MISSING_NUMBER.test(c));
  if (!filled.length) return "TEXT";
  if (filled.every((c) => INTEGER.test(c))) return "INTEGER";
  if (filled.every((c) => NUMBER.test(c))) return "REAL";
  return "TEXT";
}

/** One CSV file read with its header row: column names and text cells. */
export function readCsv(file: string): { columns: string[]; rows: string[][] } {
  const text = readFileSync(file, "utf8").replace(/^\uFEFF/, "");
  const parsed = Papa.parse<string[]>(text, { skipEmptyLines: true });
  if (parsed.errors.length) throw new Error(`${file}: ${parsed.errors[0].message} (row ${parsed.errors[0].row})`);
  const [header, ...rows] = parsed.data;
  for (const [i, r] of rows.entries())
    if (r.length !== header.length)
      throw new Error(`${file}: row ${i + 2} has ${r.length} cells, not ${header.length}`);
  return { columns: header, rows };
}

/** The reference table of a CSV file: named as the file (without extension), columns typed by their cells. */
export function referenceTable(file: string): { def: TableDef; rows: unknown[][] } {
  const { columns, rows } = readCsv(file);
  const defs: ColumnDef[] = columns.map((name, i) => ({
    name,
    type: csvColumnType(rows.map((r) => r[i])),
    notNull: false,
  }));
  const missing = (cell: string, type: string) =>
    cell.trim() === "" || (type !== "TEXT" && MISSING_NUMBER.test(cell.trim()));
  const values = rows.map((r) =>
    r.map((cell, i) => (missing(cell, defs[i].type) ? null : convert(cell, defs[i].type))),
  );
  return {
    def: { name: path.basename(file).replace(/\.[^.]+$/, ""), columns: defs, primaryKey: [], foreignKeys: [] },
    rows: values,
  };
}

function convert(cell: string, type: string): unknown {
  if (type === "INTEGER") return Number.parseInt(cell, 10);
  if (type === "REAL") return Number(cell);
  return cell;
}

/** Writes the reference SQLite of a CSV set (one table per file) to `file`. */
export function writeReferenceSqlite(file: string, csvFiles: readonly string[]): void {
  writeSqlite(
    file,
    csvFiles.map((f) => referenceTable(f)),
  );
}
