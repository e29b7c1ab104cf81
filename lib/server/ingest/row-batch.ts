import "server-only";
import { isStoredInteger, type StoredValue } from "@/lib/core/ingest/infer-type";

/** How each value of a packed batch is stored (insert-worker.mjs reads the same codes). */
const ValueKind = { null: 0, real: 1, integer: 2, text: 3 } as const;

/**
 * Rows packed for another thread: a few typed arrays and one string instead of millions of small
 * values, so posting a batch costs a copy of its bytes rather than a structured clone per value.
 */
export type PackedRows = {
  width: number;
  count: number;
  kinds: ArrayBuffer; // Uint8Array, one code per value
  numbers: ArrayBuffer; // Float64Array, the value of numeric cells
  text: string; // every text value, concatenated in order
  lengths: ArrayBuffer; // Int32Array, the length of each text value
};

/** Collects rows of one width until a batch is full enough to post. */
export class RowBatch {
  private kinds: Uint8Array;
  private numbers: Float64Array;
  private lengths: Int32Array;
  private text: string[] = [];
  private textChars = 0;
  private values = 0;
  count = 0;

  constructor(
    readonly width: number,
    private readonly capacity: number,
  ) {
    this.kinds = new Uint8Array(width * capacity);
    this.numbers = new Float64Array(width * capacity);
    this.lengths = new Int32Array(width * capacity);
  }

  /** Appends one row; its length must equal the width. `wholeReal[i]` keeps a whole number REAL ("5.0"). */
  add(values: readonly StoredValue[], wholeReal?: Uint8Array): void {
    for (let i = 0; i < this.width; i++, this.values++) {
      const value = values[i];
      if (value === null) this.kinds[this.values] = ValueKind.null;
      else if (typeof value === "number") {
        this.kinds[this.values] = isStoredInteger(value) && !wholeReal?.[i] ? ValueKind.integer : ValueKind.real;
        this.numbers[this.values] = value;
      } else {
        this.kinds[this.values] = ValueKind.text;
        this.lengths[this.values] = value.length;
        this.text.push(value);
        this.textChars += value.length;
      }
    }
    this.count++;
  }

  /** True when the batch holds `capacity` rows or about a megabyte of text. */
  get full(): boolean {
    return this.count >= this.capacity || this.textChars >= 1 << 20;
  }

  /** The packed rows and the buffers to transfer with them (copies); the batch is then empty again. */
  pack(): { rows: PackedRows; transfer: ArrayBuffer[] } {
    const n = this.values;
    const kinds = this.kinds.slice(0, n).buffer;
    const numbers = this.numbers.slice(0, n).buffer;
    const lengths = this.lengths.slice(0, n).buffer;
    const rows = { width: this.width, count: this.count, kinds, numbers, lengths, text: this.text.join("") };
    this.text = [];
    this.textChars = 0;
    this.values = 0;
    this.count = 0;
    return { rows, transfer: [kinds, numbers, lengths] };
  }
}

/** Texts kept beside their values (ColumnTyping), packed like rows: column index, rowid, text. */
export type PackedKept = { indexes: ArrayBuffer; rows: ArrayBuffer; text: string; lengths: ArrayBuffer };

/** Collects kept texts for the insert worker that writes the `_written_text` table. */
export class KeptBatch {
  private columns: number[] = [];
  private rows: number[] = [];
  private texts: string[] = [];
  private chars = 0;

  add(column: number, row: number, text: string): void {
    this.columns.push(column);
    this.rows.push(row);
    this.texts.push(text);
    this.chars += text.length;
  }

  get count(): number {
    return this.columns.length;
  }

  /** True at 8k texts or about a megabyte of them. */
  get full(): boolean {
    return this.columns.length >= 8192 || this.chars >= 1 << 20;
  }

  /** The packed texts and the buffers to transfer; the batch is then empty again. */
  pack(): { kept: PackedKept; transfer: ArrayBuffer[] } {
    const indexes = Int32Array.from(this.columns).buffer;
    const rows = Float64Array.from(this.rows).buffer;
    const lengths = Int32Array.from(this.texts, (t) => t.length).buffer;
    const kept = { indexes, rows, lengths, text: this.texts.join("") };
    this.columns = [];
    this.rows = [];
    this.texts = [];
    this.chars = 0;
    return { kept, transfer: [indexes, rows, lengths] };
  }
}
