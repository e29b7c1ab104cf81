import type { GridRow } from "@/components/api/types";

/** Enough pages to scroll back and forth without refetching, small enough to bound memory on huge tables. */
const MAX_PAGES = 60;

/** Pages of rows for one query (table + sort). Plain mutable object: the hook owning it decides when to re-render. */
export class PageCache {
  readonly pages = new Map<number, GridRow[]>();
  readonly inflight = new Map<number, AbortController>();
  readonly failed = new Set<number>();
  wanted: [number, number] = [0, 0];

  constructor(readonly key: string) {}

  needs(page: number): boolean {
    return !this.pages.has(page) && !this.inflight.has(page) && !this.failed.has(page);
  }

  put(page: number, rows: GridRow[]): void {
    this.pages.delete(page);
    this.pages.set(page, rows);
    const [first, last] = this.wanted;
    // Map iteration order is insertion order, so the first keys are the least recently loaded.
    for (const old of this.pages.keys()) {
      if (this.pages.size <= MAX_PAGES) break;
      if (old < first || old > last) this.pages.delete(old);
    }
  }

  /** Pages the user has scrolled away from are not worth finishing. */
  abortOutside(first: number, last: number): void {
    for (const [page, controller] of this.inflight) {
      if (page < first || page > last) {
        controller.abort();
        this.inflight.delete(page);
      }
    }
  }

  abortAll(): void {
    this.abortOutside(Infinity, -Infinity);
  }
}
