import type { ColumnType } from "../model/dataset";
import { isBlank, numberText, type StoredValue, TypeTally, toStoredValue } from "./infer-type";

/** Rows of one column whose numbers must become text: the column resolved to text. */
export type NumbersToText = { column: number; upToRow: number };

/**
 * How the values of a new table are typed, as rows stream in: every writer (main-thread, worker
 * thread, XLSX, re-import) feeds its rows through one of these, so a value is typed the same way
 * whatever path wrote it. Each value is first typed on its own (`toStoredValue`); a number in a
 * column that has already seen text is stored as its text right away (`numberText`), so only the
 * rows before a column's first text can hold numbers that must later become text.
 */
export class ColumnTyping {
  readonly tallies: TypeTally[];
  /** Per column, the last row (1-based, = rowid of a new table) that was stored as a number. */
  private readonly lastNumberRow: number[];
  private rows = 0;

  constructor(width: number) {
    this.tallies = Array.from({ length: width }, () => new TypeTally());
    this.lastNumberRow = new Array(width).fill(0);
  }

  /**
   * The value to store for a raw cell of `column`: `toStoredValue`, except that in a column already
   * known to be text the text is kept as it is (it would be stored as its text anyway), which spares
   * the number check of every later cell of a text column.
   */
  valueOf(raw: string, column: number): StoredValue {
    if (this.tallies[column].texts === 0) return toStoredValue(raw);
    return isBlank(raw) ? null : raw;
  }

  /** Tallies one row and rewrites, in place, numbers of columns already known to be text. */
  accept(values: StoredValue[]): void {
    this.rows++;
    for (let i = 0; i < values.length; i++) {
      const value = values[i];
      const tally = this.tallies[i];
      tally.add(value);
      if (typeof value !== "number") continue;
      if (tally.texts > 0) values[i] = numberText(value);
      else this.lastNumberRow[i] = this.rows;
    }
  }

  /**
   * Each column's type, and the columns whose earlier numbers must be stored as the text they were
   * read from because the column resolved to text.
   */
  resolve(): { types: ColumnType[]; numbersToText: NumbersToText[] } {
    const types = this.tallies.map((tally) => tally.resolve());
    const numbersToText = types.flatMap((type, column) =>
      type === "text" && this.lastNumberRow[column] > 0 ? [{ column, upToRow: this.lastNumberRow[column] }] : [],
    );
    return { types, numbersToText };
  }
}
