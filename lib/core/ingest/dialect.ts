import Papa from "papaparse";
import { detectHeader } from "./header-detect";
import { looksNumeric } from "./infer-type";

/** The delimiters a CSV/TSV file may use. */
const DELIMITERS = [",", ";", "\t", "|"] as const;
type Delimiter = (typeof DELIMITERS)[number];

/**
 * How a delimited text file is written: which character separates fields, which one quotes them,
 * how a quote inside a quoted field is escaped (`""` doubled, or `\"` as MySQL and many exporters
 * write), and how many rows at the top are the header (0 = none; names are joined "top / leaf").
 */
export type CsvDialect = { delimiter: Delimiter; quote: '"' | "'"; escape: "double" | "backslash"; headerRows: number };

/** Placeholders for `\\` and `\"` while papaparse splits fields; Unicode noncharacters never occur in text. */
const ESCAPED_BACKSLASH = "\uFDD0";
const ESCAPED_QUOTE = "\uFDD1";

/** Replaces backslash escapes by placeholders so a standard CSV parser splits the fields right. */
export function hideBackslashEscapes(text: string, quote: string): string {
  let out = "";
  let from = 0;
  for (let i = text.indexOf("\\"); i !== -1 && i + 1 < text.length; i = text.indexOf("\\", from)) {
    const next = text[i + 1];
    if (next === "\\" || next === quote) {
      out += text.slice(from, i) + (next === "\\" ? ESCAPED_BACKSLASH : ESCAPED_QUOTE);
      from = i + 2;
    } else {
      out += text.slice(from, i + 1);
      from = i + 1;
    }
  }
  return out + text.slice(from);
}

/** Turns the placeholders of hideBackslashEscapes back into the characters they stand for. */
export function restoreBackslashEscapes(field: string, quote: string): string {
  if (!field.includes(ESCAPED_BACKSLASH) && !field.includes(ESCAPED_QUOTE)) return field;
  return field.replaceAll(ESCAPED_BACKSLASH, "\\").replaceAll(ESCAPED_QUOTE, quote);
}

type SampleFit = { errors: number; consistency: number; width: number; rows: string[][] };

/** Parses a sample under one dialect and measures how well the rows agree with each other. */
function fitSample(sample: string, d: Omit<CsvDialect, "headerRows">, complete: boolean): SampleFit {
  const text = d.escape === "backslash" ? hideBackslashEscapes(sample, d.quote) : sample;
  const parsed = Papa.parse<string[]>(text, {
    delimiter: d.delimiter,
    quoteChar: d.quote,
    header: false,
    skipEmptyLines: true,
  });
  let rows = parsed.data;
  // A sample cut mid-file ends in a partial record; it says nothing about the dialect.
  const lastRow = rows.length - 1;
  if (!complete && rows.length > 1) rows = rows.slice(0, -1);
  const errors = parsed.errors.filter((e) => complete || e.row === undefined || e.row < lastRow).length;
  const widths = new Map<number, number>();
  for (const r of rows) widths.set(r.length, (widths.get(r.length) ?? 0) + 1);
  let width = 0;
  let most = 0;
  for (const [w, n] of widths) if (n > most || (n === most && w > width)) [width, most] = [w, n];
  return { errors, consistency: rows.length ? most / rows.length : 0, width, rows };
}

const score = (f: SampleFit) =>
  (f.errors ? -1 : 0) * 1e6 + f.consistency * 1000 + (f.width > 1 ? Math.min(f.width, 999) : 0);

/**
 * Detects the dialect on a sample of the file: every delimiter and escape style is tried, and the
 * one whose rows parse without quote errors into the most consistent number of fields wins. Ties go
 * to the standard `""` escape, and to a tab for .tsv files. `complete` says the sample is the whole file.
 */
export function detectDialect(sample: string, fileName = "", complete = false): CsvDialect {
  const text = sample.replace(/^\uFEFF/, "");
  const escapes: CsvDialect["escape"][] = text.includes('\\"') ? ["double", "backslash"] : ["double"];
  const delimiters = fileName.toLowerCase().endsWith(".tsv") ? (["\t", ",", ";", "|"] as const) : DELIMITERS;
  let best: { d: Omit<CsvDialect, "headerRows">; fit: SampleFit } | null = null;
  for (const delimiter of delimiters) {
    for (const escape of escapes) {
      const d = { delimiter, quote: '"' as const, escape };
      const fit = fitSample(text, d, complete);
      if (!best || score(fit) > score(best.fit)) best = { d, fit };
    }
  }
  const chosen = best!;
  if (chosen.fit.width <= 1) chosen.d.delimiter = fileName.toLowerCase().endsWith(".tsv") ? "\t" : ",";
  const headerRows = firstRowIsHeader(chosen.fit.rows)
    ? detectHeader(chosen.fit.rows.slice(0, 40), [], { plainText: true }).headerRows
    : 0;
  return { ...chosen.d, headerRows };
}

const BARE_INTEGER = /^-?\d+$/;
const DECIMAL_FORM = /[.eE]/;

/**
 * A first row is data, not a header, only when it looks like the rows under it: every column is
 * numeric in the body and the first row's cells are numbers too. Anything else keeps the header,
 * because a wrong "no header" costs every column its name (the user can override either way).
 * Numbers can name columns too: distinct bare integers above columns whose every value is written
 * with a decimal point (a data frame's unnamed columns `0,1,2`, or years over measurements) are
 * unlike every row under them, so they are the header.
 */
export function firstRowIsHeader(rows: string[][]): boolean {
  if (rows.length < 3) return true;
  const [first, ...body] = rows;
  const bodyOf = (c: number) => body.map((r) => (r[c] ?? "").trim()).filter((v) => v !== "");
  const numericBody = first.map((_, c) => {
    const values = bodyOf(c);
    return values.length > 0 && values.every(looksNumeric);
  });
  if (!numericBody.every(Boolean)) return true;
  if (!first.every((v) => looksNumeric(v.trim()))) return true;
  const names = first.map((v) => v.trim());
  return (
    names.every((v) => BARE_INTEGER.test(v)) &&
    new Set(names).size === names.length &&
    first.every((_, c) => bodyOf(c).every((v) => DECIMAL_FORM.test(v)))
  );
}

const DELIMITER_NAMES: Record<Delimiter, string> = { ",": "comma", ";": "semicolon", "\t": "tab", "|": "pipe" };

/** One sentence for the dataset notes saying how the file was read. */
export function describeDialect(d: CsvDialect, fileName: string, overridden: boolean): string {
  const escape =
    d.escape === "backslash" ? `backslash-escaped quotes (\\${d.quote})` : `doubled quotes (${d.quote}${d.quote})`;
  const header =
    d.headerRows === 0
      ? "there is no header row (columns are numbered)"
      : d.headerRows === 1
        ? "the first row is the header"
        : `the first ${d.headerRows} rows are the header`;
  const how = overridden ? "Read as chosen at upload or re-import" : "Detected";
  return `${how}: ${fileName} is ${DELIMITER_NAMES[d.delimiter]}-separated with ${escape}; ${header}.`;
}
