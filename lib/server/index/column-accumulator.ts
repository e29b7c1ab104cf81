import "server-only";
import { createProfiler, createValueSketcher, type Profiler, type ValueSketcher } from "@/lib/core/index";
import type { ColumnMeta } from "@/lib/core/model/dataset";
import type { ColumnProfile, ValueSketch } from "@/lib/core/model/index-types";
import type { IndexCaps } from "./caps";
import { CellValueCollector, type ScanBudget } from "./cell-values";

/** How the scan marks a binary cell: NUL + "blob:" + byte length (see scanExpression). */
const BLOB_MARK = "\u0000blob:";

/** Reals and flags never join (discoverJoins skips them); an empty exact set keeps declared pairs scorable. */
const NO_SKETCH: ValueSketch = { distinct: 0, exact: [], signature: [] };

export type ColumnResult = {
  column: ColumnMeta;
  profile: ColumnProfile;
  sketch: ValueSketch;
  /** Unique values for the cell index; null for columns that are not embedded. */
  cells: CellValueCollector | null;
  blobs: number;
  /** Values that reached the profile's character cap. */
  longValues: number;
};

/**
 * Whether a column's values go into the cell index: FGTR embeds non-numeric columns; dates and flags are matched in
 * SQL.
 */
function isEmbedded(column: Pick<ColumnMeta, "type">): boolean {
  return column.type === "text";
}

/** Everything one pass over a column feeds: its profile, its join sketch and its cell values. */
export class ColumnAccumulator {
  private readonly profiler: Profiler;
  private readonly sketcher: ValueSketcher | null;
  private readonly cells: CellValueCollector | null;
  private blobs = 0;
  private longValues = 0;

  constructor(
    readonly column: ColumnMeta,
    private readonly caps: IndexCaps,
    budget: ScanBudget,
  ) {
    this.profiler = createProfiler(column.type);
    this.sketcher =
      column.type === "real" || column.type === "boolean" || column.type === "binary" ? null : createValueSketcher();
    this.cells = isEmbedded(column)
      ? new CellValueCollector(caps.cellValuesPerColumn, caps.cellValueChars, caps.rowIdsPerValue, budget)
      : null;
  }

  add(value: unknown, rowId: number | null): void {
    if (value === null || value === undefined) {
      this.profiler.add(null);
      return;
    }
    // A binary column is profiled by its cells' sizes in bytes, never read as text.
    if (this.column.type === "binary") {
      if (typeof value === "string" && value.startsWith(BLOB_MARK)) this.blobs++;
      this.profiler.add(byteSize(value));
      return;
    }
    if (typeof value === "string") {
      if (value.charCodeAt(0) === 0 && value.startsWith(BLOB_MARK)) {
        this.blobs++;
        this.profiler.add(`[${value.slice(BLOB_MARK.length)} bytes]`);
        return;
      }
      if (value.length >= this.caps.profileValueChars) this.longValues++;
      this.profiler.add(value);
      // A repeat cannot change a MinHash sketch; skipping repeats halves the scan's hashing.
      const fresh = this.cells ? this.cells.add(value, rowId) : true;
      if (fresh)
        this.sketcher?.add(value.length > this.caps.joinValueChars ? value.slice(0, this.caps.joinValueChars) : value);
      return;
    }
    const v = typeof value === "bigint" ? Number(value) : (value as number);
    this.profiler.add(v);
    const fresh = this.cells ? this.cells.add(v, rowId) : true;
    if (fresh) this.sketcher?.add(v);
  }

  finish(rowCount: number): ColumnResult {
    return {
      column: this.column,
      profile: this.profiler.finish(rowCount),
      sketch: this.sketcher ? this.sketcher.finish() : NO_SKETCH,
      cells: this.cells,
      blobs: this.blobs,
      longValues: this.longValues,
    };
  }
}

/** Bytes of a binary column's cell as the scan hands it: a blob's mark, a size, or text stored there. */
function byteSize(value: unknown): number {
  if (typeof value === "number") return value;
  if (typeof value === "bigint") return Number(value);
  if (value instanceof Uint8Array) return value.length;
  const text = String(value);
  return text.startsWith(BLOB_MARK) ? Number(text.slice(BLOB_MARK.length)) : Buffer.byteLength(text);
}
