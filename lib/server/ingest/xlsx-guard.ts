import "server-only";
import { getHeapStatistics } from "node:v8";
import { MAX_WORKBOOK_CELLS, MAX_WORKBOOK_HEAP_SHARE } from "@/lib/core/model/limits";
import { formatBytes } from "@/lib/core/util/format-bytes";
import { ImportError } from "./errors";
import type { ImportContext } from "./types";

/** Longest stretch of reading before other requests get a turn, in milliseconds. */
const SLICE_MS = 15;

/**
 * What keeps one workbook's read within bounds: the cells of its sheets' used ranges (checked as
 * rows arrive, so a 12-million-cell workbook stops at the limit, not at its end), the JavaScript
 * heap (checked between chunks: a read that would exhaust it stops with a 4xx instead), and turns
 * for other requests every SLICE_MS.
 */
export class WorkbookGuard {
  private cellsBefore = 0;
  private lastYield = performance.now();
  constructor(
    private readonly label: string,
    private readonly ctx: ImportContext,
    /** The heap's limit in bytes (the process's own; a test passes a small one). */
    private readonly heapLimit = getHeapStatistics().heap_size_limit,
  ) {}

  /** Runs between chunks of every part read: the heap is looked at, and others get a turn, every SLICE_MS. */
  readonly between = async (): Promise<void> => {
    if (performance.now() - this.lastYield < SLICE_MS) return;
    const heap = getHeapStatistics().used_heap_size;
    if (heap > MAX_WORKBOOK_HEAP_SHARE * this.heapLimit)
      throw new ImportError(
        "xlsx_out_of_memory",
        `Reading ${this.label} took the server's memory for JavaScript to ${formatBytes(heap)}, past ` +
          `${Math.round(MAX_WORKBOOK_HEAP_SHARE * 100)}% of its ${formatBytes(this.heapLimit)} limit ` +
          `(MAX_WORKBOOK_HEAP_SHARE), so it was stopped; nothing was saved. Save the workbook as CSV, which is ` +
          `read with flat memory, or try again when the server is less busy.`,
        413,
      );
    await this.ctx.yieldToEventLoop();
    this.lastYield = performance.now();
  };

  /** Refuses the workbook once the sheets measured so far and this one's used range pass the limit. */
  countCells(sheet: string, area: number, row: number): void {
    if (this.cellsBefore + area <= MAX_WORKBOOK_CELLS) return;
    const limit = MAX_WORKBOOK_CELLS.toLocaleString("en-US");
    throw new ImportError(
      "xlsx_too_many_cells",
      `${this.label} has more than ${limit} cells: by row ${row.toLocaleString("en-US")} of sheet "${sheet}" ` +
        `its used ranges hold ${(this.cellsBefore + area).toLocaleString("en-US")} (empty cells inside them ` +
        `included). A workbook holds at most ${limit} cells (MAX_WORKBOOK_CELLS); nothing was saved. Save large ` +
        `sheets as CSV, which has no cell limit.`,
      413,
    );
  }

  /** Adds a measured sheet's used range to the workbook's count. */
  sheetDone(area: number): void {
    this.cellsBefore += area;
  }
}
