import "server-only";
import type { StoredValue } from "@/lib/core/ingest/infer-type";
import type { MergeRange } from "@/lib/core/model/dataset";
import type { SheetGrid } from "./xlsx-grid";
import type { SheetRow } from "./xlsx-sheet";

/**
 * Where body rows go (TableWriter's shape): `valueOf` types a text cell as every writer does
 * (column-typing.ts), so a text "9970610.0" of a sheet is a number with its text kept, as in a CSV.
 */
export type RowSink = { push(values: StoredValue[]): void; valueOf(raw: string, column: number): StoredValue };

type Active = { merge: MergeRange; fill: boolean; label: StoredValue };

/**
 * Turns the streamed rows of a sheet's body into table rows, in grid order: the rows the file
 * leaves out inside the grid become empty rows (so rows line up with the sheet), cells a merge
 * covers are empty, and a label merged down several body rows is filled down into each of them
 * (the merge itself stays in the layout).
 */
export class BodyRows {
  /** Grid row of the next table row. */
  private next: number;
  private readonly end: number;
  private readonly pending: MergeRange[];
  private active: Active[] = [];
  blankRows = 0;
  /** Merged labels filled down, and the first one's column and grid rows (for the note). */
  filled = 0;
  firstFilled: MergeRange | null = null;

  constructor(
    private readonly grid: SheetGrid,
    private readonly headerRows: number,
    private readonly sink: RowSink,
  ) {
    this.next = headerRows;
    this.end = grid.rows;
    // Merges reaching into the body, by their first row; those starting in the header are not filled.
    this.pending = grid.merges.filter((m) => m.bottom >= headerRows).sort((a, b) => a.top - b.top);
  }

  /** Writes the rows up to and including this one (the file's rows come in order). */
  add(row: SheetRow): void {
    const r = row.row - this.grid.top;
    if (r < this.next || r >= this.end) return;
    while (this.next < r) this.write(this.next, null);
    this.write(r, row);
  }

  /** Writes the empty rows after the last row the file wrote (none when the grid ends there). */
  finish(): void {
    while (this.next < this.end) this.write(this.next, null);
  }

  private write(r: number, row: SheetRow | null): void {
    const values: StoredValue[] = new Array(this.grid.columns).fill(null);
    if (row)
      for (const c of row.cells) {
        const k = c.column - this.grid.left;
        if (k >= 0 && k < values.length)
          values[k] = typeof c.value === "string" ? this.sink.valueOf(c.value, k) : c.value;
      }
    this.applyMerges(r, values);
    if (values.every((v) => v === null)) this.blankRows++;
    this.sink.push(values);
    this.next = r + 1;
  }

  private applyMerges(r: number, values: StoredValue[]): void {
    this.active = this.active.filter((a) => a.merge.bottom >= r);
    while (this.pending.length && this.pending[0].top <= r) {
      const merge = this.pending.shift()!;
      if (merge.bottom < r) continue;
      const fill = merge.top >= this.headerRows && merge.bottom > merge.top && merge.top === r;
      this.active.push({ merge, fill, label: fill ? values[merge.left] : null });
      if (fill && values[merge.left] !== null) {
        this.filled++;
        this.firstFilled ??= merge;
      }
    }
    for (const a of this.active) {
      const m = a.merge;
      for (let c = m.left; c <= m.right; c++) if (r !== m.top || c !== m.left) values[c] = null;
      if (a.fill && r > m.top) values[m.left] = a.label;
    }
  }
}
