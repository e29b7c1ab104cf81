import "server-only";
import type { CellValue } from "exceljs";
import { toStoredValue, type StoredValue } from "@/lib/core/ingest/infer-type";

/** What cell conversion dropped, so the importer can tell the user. */
export type CellStats = { formulasWithoutResult: number; errorCells: number };

export const newCellStats = (): CellStats => ({ formulasWithoutResult: 0, errorCells: 0 });

/**
 * Reduces an exceljs cell value to text or a number: formulas give their cached result (exceljs
 * does not calculate), rich text and hyperlinks their visible text, errors nothing.
 */
export function plainValue(value: CellValue, stats?: CellStats): string | number | null {
  if (value === null || value === undefined) return null;
  if (typeof value === "number") return Number.isFinite(value) ? value : null;
  if (typeof value === "string") return value;
  if (typeof value === "boolean") return value ? "true" : "false";
  if (value instanceof Date) return isoFromExcelDate(value);
  if ("formula" in value || "sharedFormula" in value) {
    if (value.result === undefined || value.result === null) {
      if (stats) stats.formulasWithoutResult++;
      return null;
    }
    return plainValue(value.result, stats);
  }
  if ("error" in value) {
    if (stats) stats.errorCells++;
    return null;
  }
  if ("richText" in value) return value.richText.map((part) => part.text ?? "").join("");
  // A hyperlink's text can itself be rich text.
  if ("text" in value) return plainValue(value.text as CellValue, stats);
  return null;
}

/** The value stored in SQLite: strings are converted like CSV cells, so a "42" typed as text becomes 42. */
export function cellToStored(value: CellValue, stats?: CellStats): StoredValue {
  const plain = plainValue(value, stats);
  return typeof plain === "string" ? toStoredValue(plain) : plain;
}

/** Text shown in a header cell; null when the cell is empty. */
export function headerText(value: CellValue): string | null {
  const plain = plainValue(value);
  if (plain === null) return null;
  const text = String(plain).replace(/\s+/g, " ").trim();
  return text === "" ? null : text;
}

/**
 * exceljs turns the serial number into a Date whose UTC fields are the wall-clock time Excel shows,
 * so the UTC fields are what we print. Binary floating point leaves times a millisecond off.
 */
export function isoFromExcelDate(date: Date): string | null {
  let ms = date.getTime();
  if (!Number.isFinite(ms)) return null;
  const whole = Math.round(ms / 1000) * 1000;
  if (Math.abs(whole - ms) <= 1) ms = whole;
  const iso = new Date(ms).toISOString();
  const day = iso.slice(0, 10);
  const time = iso.endsWith(".000Z") ? iso.slice(11, 19) : iso.slice(11, 23);
  // Serial numbers below 1 are times of day without a date.
  if (day === "1899-12-30") return time;
  return time === "00:00:00" ? day : `${day}T${time}`;
}
