import { TypeTally } from "./infer-type";
import {
  formatWritten,
  newReading,
  type NumberReading,
  plainText,
  printsShortest,
  readWrittenNumber,
  type WrittenForm,
} from "./written-number";

/** The written form a column's numbers had up to a row (1-based, inclusive), before it changed. */
export type FormSegment = { upToRow: number; form: WrittenForm };

const NO_FORM: WrittenForm = {};
const scratch = newReading();

/**
 * What one column of a new table has seen so far: the tally of its kinds of values, and the form
 * its numbers are written in. The form is the one every plainly written number so far follows
 * (the same places after the point, commas between thousands); a number that does not follow it
 * keeps its text beside it. When a later number breaks the form (a different number of places),
 * the form changes and the rows before are remembered as a segment, so that the numbers written
 * under the old form get their text kept when the table is finished (column-typing.ts).
 */
export class ColumnState {
  readonly tally = new TypeTally();
  markers = 0;
  spaces = 0;
  groupedCells = 0;
  groupingProven = false;
  /** Integers of a leading zero or too many digits: codes and identifiers, kept as text. */
  codes = 0;
  /** Numbers after the column turned text (counted up to one: it marks a mixed column). */
  numberLikeAfterText = 0;
  /** The first words of the column, for the import report. */
  readonly words: string[] = [];
  firstMarker: string | null = null;
  firstCode: string | null = null;
  /** The last row stored as a number or a missing marker while the column could still hold numbers. */
  lastProvisionalRow = 0;
  /** Places after the point of every plain number so far; undefined before the first, null once they differ. */
  private decimals: number | undefined | null = undefined;
  private grouping = false;
  readonly segments: FormSegment[] = [];
  private formCache: WrittenForm = NO_FORM;

  get numbers(): number {
    return this.tally.integers + this.tally.reals;
  }

  get texts(): number {
    return this.tally.texts;
  }

  /** The form the column's numbers are printed in now. */
  get form(): WrittenForm {
    return this.formCache;
  }

  /** Changes the form; the rows before keep the old one as a segment (fixed up when the table is finished). */
  private setForm(row: number, decimals: number | undefined | null, grouping: boolean): void {
    this.decimals = decimals;
    this.grouping = grouping;
    const places = typeof decimals === "number" && decimals > 0 ? decimals : undefined;
    const before = this.formCache;
    if (places === before.decimals && grouping === (before.grouping === true)) return;
    if (row > 1) this.segments.push({ upToRow: row - 1, form: before });
    this.formCache =
      places === undefined && !grouping
        ? NO_FORM
        : { ...(places === undefined ? {} : { decimals: places }), ...(grouping ? { grouping } : {}) };
  }

  /**
   * Takes one number of row `row` written as `raw` (null: a plain decimal read from bytes, whose
   * text `plainText` gives) and returns true when its text must be kept beside it: the column's
   * form does not print it back as written.
   */
  number(reading: NumberReading, raw: string | null, row: number): boolean {
    if (reading.real) this.tally.reals++;
    else this.tally.integers++;
    this.lastProvisionalRow = row;
    if (reading.grouped) {
      this.groupedCells++;
      if (reading.groupingProven) this.groupingProven = true;
    }
    const d = reading.decimals;
    // A plain number of more than 15 digits follows a form only when that form prints it back.
    const plain =
      d >= 0 &&
      (reading.digits <= 15 ||
        formatWritten(reading.value, { decimals: d || undefined, grouping: reading.grouped }) === (raw ?? ""));
    if (plain) {
      const decimals = this.decimals === undefined ? d : this.decimals === d ? d : null;
      if (decimals !== this.decimals || (reading.grouped && !this.grouping))
        this.setForm(row, decimals, this.grouping || reading.grouped);
      const form = this.formCache;
      const groupsMatch = reading.grouped === (form.grouping === true && Math.abs(reading.value) >= 1000);
      if (reading.digits <= 15 && groupsMatch)
        return !(form.decimals !== undefined ? form.decimals === d : printsShortest(reading));
    }
    return formatWritten(reading.value, this.formCache) !== (raw ?? plainText(reading));
  }

  /** A number that came without text (an integer read straight from the file's bytes, a workbook's number). */
  plainInteger(value: number, row: number): boolean {
    this.tally.integers++;
    this.lastProvisionalRow = row;
    if (this.decimals !== 0 && this.decimals !== null)
      this.setForm(row, this.decimals === undefined ? 0 : null, this.grouping);
    return this.grouping && (value >= 1000 || value <= -1000);
  }

  /** A missing-number word ("NA") while the column may still be numeric. */
  marker(raw: string, row: number): void {
    this.markers++;
    this.firstMarker ??= raw;
    this.lastProvisionalRow = row;
  }

  /** A text value (a word, a date, a code): tallied by kind; the first few words are kept for the report. */
  text(value: string): void {
    const before = this.tally.texts;
    this.tally.add(value);
    if (this.tally.texts === before || this.words.length >= 3 || this.words.includes(value)) return;
    if (!readWrittenNumber(value, scratch) && value.trim() !== "") this.words.push(value);
  }
}
