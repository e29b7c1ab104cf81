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

/**
 * A CSV (RFC 4180: quoted only where a comma, quote, line break or edge space needs it; null as an
 * empty field) whose every text cell, header included, went through neutraliseFormula. The one way
 * the app writes CSV: the answer's and the SQL box's "⤓ CSV", the batch export, and any new one.
 */
export function toSafeCsv(fields: readonly string[], rows: readonly (readonly CsvValue[])[]): string {
  const cell = (v: CsvValue) => (v === null || v === undefined ? "" : typeof v === "string" ? neutraliseFormula(v) : v);
  return Papa.unparse(
    { fields: fields.map(neutraliseFormula), data: rows.map((r) => r.map(cell)) },
    { escapeFormulae: false },
  );
}
