import { columnKey } from "../model/column-ref";
import type { CellEntry } from "../model/index-types";

type MaybePromise<T> = T | Promise<T>;

/**
 * The metadata side of the cell index: entry by key, plus the lexical lookups that let exact
 * and prefix matches outrank vector neighbours. The server adapter backs it with SQL
 * (`normalized = ?`, `normalized >= ? AND normalized < ?`); MemoryCellCatalog is the in-memory one.
 */
export interface CellCatalog {
  get(key: number): MaybePromise<CellEntry | undefined>;
  /** Entries whose normalised value equals `normalized`, within the given columns (all when omitted). */
  findNormalized(normalized: string, columns?: readonly string[]): MaybePromise<CellEntry[]>;
  /** Entries whose normalised value starts with `prefix`, at most `limit` of them. */
  findPrefix(prefix: string, limit: number, columns?: readonly string[]): MaybePromise<CellEntry[]>;
}

/** In-memory CellCatalog; the prefix lookup binary-searches a lazily sorted list. */
export class MemoryCellCatalog implements CellCatalog {
  private readonly entries = new Map<number, CellEntry>();
  private readonly byNormalized = new Map<string, number[]>();
  private sorted: CellEntry[] | null = null;

  /** Adds entries (keys must be new). */
  add(entries: readonly CellEntry[]): void {
    for (const e of entries) {
      if (this.entries.has(e.key)) throw new Error(`cell key ${e.key} already used`);
      this.entries.set(e.key, e);
      const list = this.byNormalized.get(e.normalized);
      if (list) list.push(e.key);
      else this.byNormalized.set(e.normalized, [e.key]);
    }
    this.sorted = null;
  }

  get(key: number): CellEntry | undefined {
    return this.entries.get(key);
  }

  /** Number of entries. */
  get size(): number {
    return this.entries.size;
  }

  findNormalized(normalized: string, columns?: readonly string[]): CellEntry[] {
    const scope = columns ? new Set(columns) : null;
    return (this.byNormalized.get(normalized) ?? [])
      .map((k) => this.entries.get(k)!)
      .filter((e) => !scope || scope.has(columnKey(e.table, e.column)));
  }

  findPrefix(prefix: string, limit: number, columns?: readonly string[]): CellEntry[] {
    const sorted = (this.sorted ??= [...this.entries.values()].sort((a, b) =>
      a.normalized < b.normalized ? -1 : a.normalized > b.normalized ? 1 : a.key - b.key,
    ));
    const scope = columns ? new Set(columns) : null;
    let lo = 0;
    let hi = sorted.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (sorted[mid].normalized < prefix) lo = mid + 1;
      else hi = mid;
    }
    const out: CellEntry[] = [];
    for (let i = lo; i < sorted.length && out.length < limit && sorted[i].normalized.startsWith(prefix); i++) {
      const e = sorted[i];
      if (!scope || scope.has(columnKey(e.table, e.column))) out.push(e);
    }
    return out;
  }
}
