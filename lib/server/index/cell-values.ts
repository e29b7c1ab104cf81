import "server-only";
import type { CellValueInput } from "@/lib/core/index";

/** Distinct values held in memory by the collectors of one table scan, shared so one budget caps them all. */
export class ScanBudget {
  private total = 0;
  private readonly collectors = new Set<CellValueCollector>();

  constructor(readonly limit: number) {}

  register(c: CellValueCollector): void {
    this.collectors.add(c);
  }

  /** Counts one new distinct value; past the limit the largest collector gives up its map. */
  grow(): void {
    if (++this.total <= this.limit) return;
    let largest: CellValueCollector | null = null;
    for (const c of this.collectors) if (!c.overflowed && (!largest || c.size > largest.size)) largest = c;
    largest?.overflow("scan");
  }

  release(n: number): void {
    this.total -= n;
  }
}

type Slot = { count: number; ids: number[] | null };

/**
 * Collects a text column's unique values with their row counts and first row ids while the table
 * is scanned for profiles, so the common case needs no second pass. A column with more distinct
 * values than the cap (or one that the table's budget evicts) overflows: its map is dropped and the
 * cell stage reads its most frequent values back with one GROUP BY.
 */
export class CellValueCollector {
  private values: Map<string, Slot> | null = new Map();
  /** Why the map was dropped: "cap" (too many distinct values) or "scan" (the table's memory budget). */
  overflowReason: "cap" | "scan" | null = null;
  /** Values cut to the character cap (counted on every occurrence). */
  truncated = 0;

  constructor(
    private readonly cap: number,
    private readonly valueChars: number,
    private readonly rowIdsPerValue: number,
    private readonly budget: ScanBudget,
  ) {
    budget.register(this);
  }

  get overflowed(): boolean {
    return this.values === null;
  }

  get size(): number {
    return this.values?.size ?? 0;
  }

  /**
   * Counts one cell. Returns false when the value was already seen, so callers can skip work that
   * repeats cannot change (the join sketch); true when it is new or the collector cannot tell.
   */
  add(value: string | number, rowId: number | null): boolean {
    const map = this.values;
    if (!map) return true;
    let s = typeof value === "string" ? value : String(value);
    if (s.length > this.valueChars) {
      s = s.slice(0, this.valueChars);
      this.truncated++;
    }
    const slot = map.get(s);
    if (slot) {
      slot.count++;
      if (slot.ids && rowId !== null && slot.ids.length < this.rowIdsPerValue) slot.ids.push(rowId);
      return false;
    }
    if (s.trim() === "") return true;
    map.set(s, { count: 1, ids: rowId === null ? null : [rowId] });
    if (map.size > this.cap) this.overflow("cap");
    else this.budget.grow();
    return true;
  }

  overflow(reason: "cap" | "scan"): void {
    if (!this.values) return;
    this.budget.release(this.values.size);
    this.values = null;
    this.overflowReason = reason;
  }

  /** The collected values (null when overflowed), in first-seen order. */
  *entries(): Iterable<CellValueInput> {
    if (!this.values) return;
    for (const [value, slot] of this.values)
      yield slot.ids ? { value, rowCount: slot.count, rowIds: slot.ids } : { value, rowCount: slot.count };
  }
}
