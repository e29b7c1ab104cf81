import type { ColumnType, ColumnTypingNote } from "../model/dataset";
import { reportColumn, type TextCause } from "./column-report";
import { ColumnState, type FormSegment } from "./column-state";
import { numberText, type StoredValue } from "./infer-type";
import {
  decimalFromBytes,
  isMissingMarker,
  isOnlySpace,
  MAX_INTEGER_DIGITS,
  newReading,
  type NumberReading,
  plainText,
  readWrittenNumber,
  type WrittenForm,
} from "./written-number";

/**
 * What must change in rows already written once the column's type is known: a column that ended
 * as text gets its numbers and missing-number words (rows ≤ `upToRow`) back as the text the file
 * wrote; a numeric column whose form changed gets the text kept of the numbers written under an
 * earlier form (`segments`) that the final `form` prints otherwise.
 */
export type WrittenFix =
  | { kind: "to-text"; column: number; upToRow: number; segments: FormSegment[]; form: WrittenForm }
  | { kind: "forms"; column: number; segments: FormSegment[]; form: WrittenForm };

/** Every column's type, written form (numeric columns), import-report line, and the fixes to apply. */
export type TypingResult = {
  types: ColumnType[];
  forms: Array<WrittenForm | undefined>;
  reports: ColumnTypingNote[];
  fixes: WrittenFix[];
};

const NONE = 0;
const NUMBER = 1;
const MARKER = 2;
const SPACES = 3;

/** Integers below this (up to 15 digits) print back as they are read. */
const PLAIN_INTEGER = 10 ** MAX_INTEGER_DIGITS;

/** Digits with a leading zero, or more than 15 digits: a code or an identifier, not a quantity. */
const CODE = /^(0\d+(\.\d+)?|\d{16,})$/;

/** A digit, a sign, a point or a space: what a written number may start with. */
const mayStartNumber = (c: number) => (c >= 48 && c <= 57) || c === 45 || c === 43 || c === 46 || c === 32 || c === 9;

/**
 * How the values of a new table are typed as rows stream in; every writer (CSV on either thread,
 * XLSX, re-import) feeds its rows through one, so a value is typed the same way whatever path wrote
 * it. A column is typed by what its values are: a number written `9970610.0`, `0.0000967`, `+3`,
 * ` 42` or `1,234,567` is stored as a number SQL compares and sums, and when the column's written
 * form (column-state.ts) does not print it back as written, its text is kept beside it
 * (`keptColumns`/`keptTexts` after each `accept`). A cell of only spaces, and `NA`-like words in a
 * column of numbers, are NULL to SQL with their text kept. A column with words among its numbers
 * is text, every value as written.
 */
export class ColumnTyping {
  private readonly columns: ColumnState[];
  private readonly kind: Uint8Array;
  /** The row's raw cells; null for a plain decimal read from bytes (its text is `plainText`). */
  private readonly raw: Array<string | null>;
  private readonly readings: NumberReading[];
  /** The row last accepted: how many cells keep their written text, their columns and those texts. */
  keptCount = 0;
  readonly keptColumns: number[] = [];
  readonly keptTexts: string[] = [];
  /** The row last accepted: 1 where a whole number was written as a decimal ("5.0") and is stored as REAL. */
  readonly wholeReal: Uint8Array;
  private rows = 0;

  constructor(width: number) {
    this.columns = Array.from({ length: width }, () => new ColumnState());
    this.kind = new Uint8Array(width);
    this.wholeReal = new Uint8Array(width);
    this.raw = new Array(width).fill("");
    this.readings = Array.from({ length: width }, newReading);
  }

  /** True while a column may still hold numbers: a reader may then hand it integers it read itself. */
  mayHoldNumbers(column: number): boolean {
    return this.columns[column].texts === 0;
  }

  /** True when some value of the column is NULL (empty, only spaces, or a missing-number word). */
  nullable(column: number): boolean {
    const state = this.columns[column];
    return state.tally.nulls + state.spaces + state.markers > 0;
  }

  /**
   * The value of a cell that is a plain decimal ("123.40"), read from the file's UTF-8 bytes without
   * decoding them (`decimalFromBytes`); undefined when the bytes are another form (call `valueOf`).
   */
  numberFromBytes(bytes: Uint8Array, start: number, end: number, column: number): number | undefined {
    if (!decimalFromBytes(bytes, start, end, this.readings[column])) return undefined;
    this.kind[column] = NUMBER;
    this.raw[column] = null;
    return this.readings[column].value;
  }

  /** The value to store for a raw cell of `column` (its text is kept, if it must be, by `accept`). */
  valueOf(raw: string, column: number): StoredValue {
    if (raw.length === 0) return null;
    const state = this.columns[column];
    const first = raw.charCodeAt(0);
    if (state.texts > 0) {
      // A text column keeps every value as written; only a cell of only spaces is NULL (text kept).
      if ((first <= 32 || first >= 0xa0) && isOnlySpace(raw)) return this.mark(column, raw, SPACES);
      // One number among the words is enough to flag the column as mixed; later cells are not read.
      if (state.numberLikeAfterText === 0 && mayStartNumber(first) && readWrittenNumber(raw, this.readings[column]))
        state.numberLikeAfterText++;
      return raw;
    }
    if (mayStartNumber(first) && readWrittenNumber(raw, this.readings[column])) {
      this.mark(column, raw, NUMBER);
      return this.readings[column].value;
    }
    if (isOnlySpace(raw)) return this.mark(column, raw, SPACES);
    if (isMissingMarker(raw)) return this.mark(column, raw, MARKER);
    if ((first === 48 || raw.length > 15) && CODE.test(raw)) {
      state.codes++;
      state.firstCode ??= raw;
    }
    return raw;
  }

  private mark(column: number, raw: string | null, kind: number): null {
    this.kind[column] = kind;
    this.raw[column] = raw;
    return null;
  }

  private keep(column: number, text: string): void {
    this.keptColumns[this.keptCount] = column;
    this.keptTexts[this.keptCount++] = text;
  }

  /** Tallies one row (its values from `valueOf`, or integers a reader read itself, or a workbook's numbers). */
  accept(values: StoredValue[]): void {
    const row = ++this.rows;
    this.keptCount = 0;
    for (let i = 0; i < values.length; i++) {
      const value = values[i];
      const kind = this.kind[i];
      this.kind[i] = NONE;
      this.wholeReal[i] = 0;
      const state = this.columns[i];
      if (value === null) {
        const raw = this.raw[i] ?? "";
        if (kind === SPACES) {
          state.spaces++;
          this.keep(i, raw);
        } else if (kind === MARKER) {
          state.marker(raw, row);
          this.keep(i, raw);
        } else state.tally.nulls++;
      } else if (typeof value === "string") state.text(value);
      else if (state.texts > 0) {
        // A workbook's number in a column that is text already: stored as the text it prints as.
        values[i] = numberText(value);
        state.numberLikeAfterText++;
      } else if (kind === NUMBER) {
        const reading = this.readings[i];
        const raw = this.raw[i];
        if (state.number(reading, raw, row)) this.keep(i, raw ?? plainText(reading));
        if (reading.real && Number.isInteger(value)) this.wholeReal[i] = 1;
      } else if (Number.isSafeInteger(value) && value < PLAIN_INTEGER && value > -PLAIN_INTEGER) {
        // An integer the reader read from bytes (most numeric cells of a large file): no text to look at.
        if (state.plainInteger(value, row)) this.keep(i, String(value));
      } else this.bareNumber(value, i, row);
    }
  }

  /** A workbook's number, which came without its text: read as JavaScript prints it. */
  private bareNumber(value: number, column: number, row: number): void {
    const state = this.columns[column];
    const text = numberText(value);
    const reading = this.readings[column];
    if (readWrittenNumber(text, reading)) {
      if (state.number(reading, text, row)) this.keep(column, text);
    } else if (Number.isSafeInteger(value)) state.tally.integers++;
    else state.tally.reals++;
  }

  /** Each column's type, written form, report line, and the fixes to rows already written. */
  resolve(): TypingResult {
    const result: TypingResult = { types: [], forms: [], reports: [], fixes: [] };
    this.columns.forEach((state, column) => {
      const { type, cause } = typeOf(state);
      const numeric = type === "integer" || type === "real";
      const form = numeric && (state.form.decimals || state.form.grouping) ? state.form : undefined;
      result.types.push(type);
      result.forms.push(form);
      result.reports.push(reportColumn(state, type, cause, form));
      if (!numeric && state.lastProvisionalRow > 0)
        result.fixes.push({
          kind: "to-text",
          column,
          upToRow: state.lastProvisionalRow,
          segments: state.segments,
          form: state.form,
        });
      else if (numeric && state.segments.length)
        result.fixes.push({ kind: "forms", column, segments: state.segments, form: state.form });
    });
    return result;
  }
}

/** A column's type from what it holds, and why it is text when it could have held numbers. */
function typeOf(state: ColumnState): { type: ColumnType; cause: TextCause } {
  const { tally } = state;
  const numbers = state.numbers;
  if (tally.texts > 0) {
    const mixed = numbers > 0 || state.numberLikeAfterText > 0;
    return { type: "text", cause: mixed && state.codes === 0 ? "mixed" : null };
  }
  if (numbers > 0 && tally.dates + tally.booleans === 0) {
    if (state.groupedCells > 0 && !state.groupingProven) return { type: "text", cause: "ambiguous-grouping" };
    return { type: tally.reals === 0 ? "integer" : "real", cause: null };
  }
  if (numbers > 0) return { type: "text", cause: "mixed" };
  if (state.markers > 0) return { type: "text", cause: null };
  return { type: tally.resolve(), cause: null };
}
