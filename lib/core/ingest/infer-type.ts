import type { ColumnType } from "../model/dataset";

const ISO_DATE =
  /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])([T ]([01]\d|2[0-3]):[0-5]\d(:[0-5]\d(\.\d+)?)?(Z|[+-]\d\d:?\d\d)?)?$/;
const SLASH_DATE = /^(\d{4})\/(\d{1,2})\/(\d{1,2})$|^(\d{1,2})\/(\d{1,2})\/(\d{4})$/;
const BOOLEAN = new Set(["true", "false", "yes", "no"]);

export type StoredValue = string | number | null;

/**
 * Converts one raw text cell to the value stored in SQLite. A cell becomes a number only when
 * printing that number gives back exactly the text written, so the stored value is reversible:
 * "42" and "-3.5" are numbers, while "007", ".500", "+23", "3.10", "1e3" and " 4" stay text as
 * written. Empty strings become NULL.
 *
 * It types the text values of a database's untyped columns (sqlite-inspect.ts, PostgreSQL), which
 * are kept as they are. A file's cells are read by `ColumnTyping` (column-typing.ts) instead, which
 * also stores `9970610.0` as a number and keeps its text beside it. Writers bind numbers as 8-byte
 * values and never write them into SQL as literals: SQLite's decimal parser is not correctly
 * rounded ("94.830959" reads as 94.83095900000001).
 */
export function toStoredValue(raw: string | null | undefined): StoredValue {
  if (raw === null || raw === undefined || isBlank(raw)) return null;
  const first = raw.charCodeAt(0);
  // Cheap pre-check: a number's canonical text starts with a digit or a minus sign.
  if (!((first >= 48 && first <= 57) || first === 45)) return raw;
  // One scan (this runs for every cell of an import): plain digits take the integer path below, and a
  // character no number can hold ("2024-01-31", "12:30", "4 kg") settles it as text without a regex.
  let plainDigits = true;
  for (let i = first === 45 ? 1 : 0; i < raw.length; i++) {
    const c = raw.charCodeAt(i);
    if (c >= 48 && c <= 57) continue;
    plainDigits = false;
    if (c === 46 || c === 101 || c === 69) continue; // . e E
    if ((c === 43 || c === 45) && (raw.charCodeAt(i - 1) | 32) === 101) continue; // an exponent's sign
    return raw;
  }
  if (plainDigits) {
    // What INTEGER accepts and prints back the same: 1-15 digits, no leading zero, and not "-0".
    const digits = first === 45 ? raw.length - 1 : raw.length;
    const lead = raw.charCodeAt(raw.length - digits);
    if (digits === 0 || digits > 15 || (lead === 48 && (digits > 1 || first === 45))) return raw;
    return Number(raw);
  }
  // A decimal or exponent form is a number when JS prints the number back as the same text.
  const n = Number(raw);
  return Number.isFinite(n) && String(n) === raw ? n : raw;
}

/**
 * `toStoredValue`'s integer rule read straight from UTF-8 bytes [start, end): the number when the
 * bytes are an integer that prints back as written (1–15 digits, an optional minus, no leading
 * zero, not "-0"), else null, and the caller decodes the text and calls `toStoredValue`. It saves
 * making a string of every integer cell of a large file.
 */
export function integerFromBytes(bytes: Uint8Array, start: number, end: number): number | null {
  const negative = bytes[start] === 45;
  const from = negative ? start + 1 : start;
  const digits = end - from;
  if (digits < 1 || digits > 15 || (bytes[from] === 48 && (digits > 1 || negative))) return null;
  let n = 0;
  for (let i = from; i < end; i++) {
    const d = bytes[i] - 48;
    if (d < 0 || d > 9) return null;
    n = n * 10 + d;
  }
  return negative ? -n : n;
}

/** True when a cell is empty or only white space: it is stored as NULL. */
function isBlank(raw: string): boolean {
  if (raw.length === 0) return true;
  const first = raw.charCodeAt(0);
  // Only a string that starts with whitespace (<= " ", or a no-break or other Unicode space) can be blank.
  return (first <= 32 || first >= 0xa0) && raw.trim() === "";
}

/**
 * True when a stored number is kept as a 64-bit integer: the integers `toStoredValue` reads (at most
 * 15 digits) and whole numbers of a workbook within 2^53. Other whole doubles ("1e+21") are reals.
 */
export function isStoredInteger(value: number): boolean {
  return Number.isSafeInteger(value);
}

/**
 * The text a number stored by `toStoredValue` was read from. The inverse is exact: a cell is stored
 * as a number only when this prints its text back character for character.
 */
export function numberText(value: number): string {
  return String(value);
}

const NUMERIC_TEXT = /^[-+]?(\d+|\d{1,3}(,\d{3})+)?(\.\d+)?([eE][-+]?\d+)?%?$/;

/** True when text reads as a number in any common way ("1,000", ".5", "+3", "12%"), for layout guesses. */
export function looksNumeric(s: string): boolean {
  return /\d/.test(s) && NUMERIC_TEXT.test(s.trim());
}

const digitAt = (s: string, i: number) => s.charCodeAt(i) - 48;
const isDigit = (s: string, i: number) => digitAt(s, i) >= 0 && digitAt(s, i) <= 9;

/** "YYYY-MM-DD" with a month 01–12 and a day 01–31, checked without a regex (most date cells). */
function isPlainIsoDate(s: string): boolean {
  for (const i of [0, 1, 2, 3, 5, 6, 8, 9]) if (!isDigit(s, i)) return false;
  if (s.charCodeAt(4) !== 45 || s.charCodeAt(7) !== 45) return false;
  const month = digitAt(s, 5) * 10 + digitAt(s, 6);
  const day = digitAt(s, 8) * 10 + digitAt(s, 9);
  return month >= 1 && month <= 12 && day >= 1 && day <= 31;
}

/** True when a text value reads as a calendar date or timestamp in a common unambiguous form. */
export function looksLikeDate(s: string): boolean {
  if (s.length === 10 && isPlainIsoDate(s)) return true;
  const t = s.trim();
  if (ISO_DATE.test(t)) return !Number.isNaN(Date.parse(t.slice(0, 10)));
  return SLASH_DATE.test(t);
}

/** Counts what kinds of values a column holds, so its type can be decided after one pass. */
export class TypeTally {
  integers = 0;
  reals = 0;
  dates = 0;
  booleans = 0;
  texts = 0;
  nulls = 0;

  add(value: StoredValue): void {
    if (value === null) this.nulls++;
    else if (typeof value === "number") isStoredInteger(value) ? this.integers++ : this.reals++;
    else if (this.texts > 0)
      this.texts++; // already text: finer checks cannot change the outcome
    // A column that has seen dates can only end as a date column or text (and likewise booleans),
    // so each value gets the one check that can still matter; anything else counts as text.
    else if (this.dates > 0) looksLikeDate(value) ? this.dates++ : this.texts++;
    else if (this.booleans > 0) BOOLEAN.has(value.trim().toLowerCase()) ? this.booleans++ : this.texts++;
    else if (BOOLEAN.has(value.trim().toLowerCase())) this.booleans++;
    else if (looksLikeDate(value)) this.dates++;
    else this.texts++;
  }

  /** The narrowest type that every non-null value fits; all-null columns are text. */
  resolve(): ColumnType {
    const nonNull = this.integers + this.reals + this.dates + this.booleans + this.texts;
    if (nonNull === 0) return "text";
    if (this.texts > 0) return "text";
    if (this.integers === nonNull) return "integer";
    if (this.integers + this.reals === nonNull) return "real";
    if (this.dates === nonNull) return "date";
    if (this.booleans === nonNull) return "boolean";
    return "text";
  }
}

/** Maps a declared SQLite column type to ours, following SQLite's affinity rules plus dates and booleans. */
export function typeFromDeclared(declared: string): ColumnType | null {
  const t = declared.toUpperCase();
  if (!t) return null;
  if (t.includes("BOOL")) return "boolean";
  if (t.includes("DATE") || t.includes("TIME")) return "date";
  if (t.includes("INT")) return "integer";
  if (t.includes("REAL") || t.includes("FLOA") || t.includes("DOUB") || t.includes("NUMERIC") || t.includes("DECIMAL"))
    return "real";
  if (t.includes("CHAR") || t.includes("CLOB") || t.includes("TEXT")) return "text";
  // Bytes: BLOB affinity by name, and the names other databases give byte columns.
  if (t.includes("BLOB") || t.includes("BINARY") || t === "BYTEA" || t === "IMAGE") return "binary";
  return null;
}
