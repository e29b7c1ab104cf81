import Papa from "papaparse";

/** What a spreadsheet reads as the start of a formula (OWASP, "CSV injection"): = + - @ tab, carriage return. */
const FORMULA_START = /^[=+\-@\t\r]/;
/** A number written plainly ("-5", "+1.5e3"): a spreadsheet reads it as that number, never as a formula. */
const PLAIN_NUMBER = /^[+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?$/;

/**
 * One cell as every CSV the app writes has it: text that a spreadsheet would run as a formula
 * (`=HYPERLINK(…)`, `@SUM(1+1)`, `+cmd|' /C calc'!A0`) gets a leading apostrophe, which spreadsheets
 * show as text and do not run; plain numbers ("-5") stay as written. Other text is unchanged.
 */
export function neutraliseFormula(value: string): string {
  return FORMULA_START.test(value) && !PLAIN_NUMBER.test(value) ? `'${value}` : value;
}

export type CsvValue = string | number | boolean | null | undefined;

const safeCell = (v: CsvValue) =>
  v === null || v === undefined ? "" : typeof v === "string" ? neutraliseFormula(v) : v;
const safeRow = (row: readonly CsvValue[]) => row.map(safeCell);

/**
 * A CSV (RFC 4180: quoted only where a comma, quote, line break or edge space needs it; null as an
 * empty field) whose every text cell, header included, went through neutraliseFormula. The one way
 * the app writes CSV: the answer's and the SQL box's "⤓ CSV", the batch export, and any new one.
 */
export function toSafeCsv(fields: readonly string[], rows: readonly (readonly CsvValue[])[]): string {
  return Papa.unparse({ fields: fields.map(neutraliseFormula), data: rows.map(safeRow) }, { escapeFormulae: false });
}

/** The header line of a CSV written in pieces (a streamed table export), CRLF included; safeCsvLines follows. */
export function safeCsvHeader(fields: readonly string[]): string {
  return `${Papa.unparse([fields.map(neutraliseFormula)], { escapeFormulae: false })}\r\n`;
}

/** Data lines of a CSV written in pieces, each ending in CRLF, written as toSafeCsv writes its rows. */
export function safeCsvLines(rows: readonly (readonly CsvValue[])[]): string {
  if (!rows.length) return "";
  // In a one-column CSV an empty cell would be an empty line, which readers skip: it is written `""`.
  const quotes = (value: unknown) => value === "" && rows[0].length === 1;
  return `${Papa.unparse(rows.map(safeRow), { escapeFormulae: false, quotes })}\r\n`;
}
