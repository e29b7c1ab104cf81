import "server-only";
import { columnKey, type CellCatalog } from "@/lib/core/index";
import type { CellEntry } from "@/lib/core/model/index-types";
import type { SqliteDb } from "@/lib/server/sqlite/open";
import type { CellColumnRecord } from "./cell-store";

type Row = { key: number; col: number; value: string; normalized: string; row_count: number; row_ids: string | null };
type RawRow = [number, number, string, string, number, string | null];

const fromRaw = (r: RawRow): Row => ({
  key: r[0],
  col: r[1],
  value: r[2],
  normalized: r[3],
  row_count: r[4],
  row_ids: r[5],
});

// Entries fetched ahead for the hits of the current search; bounded, as it only serves that search.
const PREFETCH_LIMIT = 4096;

const FIELDS = "key, col, value, normalized, row_count, row_ids";
// The largest code point: every string that starts with a prefix sorts below prefix + this.
const MAX_CHAR = "\u{10FFFF}";

/** The core CellCatalog port over a generation's cells.sqlite (see CellStoreWriter). */
export class SqlCellCatalog implements CellCatalog {
  private readonly byId = new Map<number, CellColumnRecord>();
  private readonly idByKey = new Map<string, number>();
  private readonly getStmt;
  private readonly manyStmt;
  private readonly prefetched = new Map<number, CellEntry>();

  constructor(
    private readonly db: SqliteDb,
    columns: readonly CellColumnRecord[],
  ) {
    for (const c of columns) {
      this.byId.set(c.id, c);
      this.idByKey.set(columnKey(c.table, c.column), c.id);
    }
    this.getStmt = db.prepare(`SELECT ${FIELDS} FROM cells WHERE key = ?`).raw(true);
    // One JSON parameter: no bound-parameter limit, no SQL built from input.
    this.manyStmt = db.prepare(`SELECT ${FIELDS} FROM cells WHERE key IN (SELECT value FROM json_each(?))`).raw(true);
  }

  /**
   * Loads the entries of a vector search's hits in one query: the core search then asks for them
   * one by one, and a point query per hit costs ~20 µs against ~9 µs per key in a batch.
   */
  prefetch(keys: ArrayLike<number | bigint>): void {
    const want = Array.from(keys, Number).filter((k) => !this.prefetched.has(k));
    if (!want.length) return;
    if (this.prefetched.size + want.length > PREFETCH_LIMIT) this.prefetched.clear();
    for (const r of this.manyStmt.all(JSON.stringify(want)) as RawRow[]) {
      const e = this.toEntry(fromRaw(r));
      if (e) this.prefetched.set(e.key, e);
    }
  }

  private toEntry(r: Row): CellEntry | undefined {
    const col = this.byId.get(Number(r.col));
    if (!col) return undefined; // a column dropped after a failure
    const entry: CellEntry = {
      key: Number(r.key),
      table: col.table,
      column: col.column,
      value: r.value,
      normalized: r.normalized,
      rowCount: Number(r.row_count),
    };
    if (r.row_ids) entry.rowIds = JSON.parse(r.row_ids) as number[];
    return entry;
  }

  /** `AND col IN (…)` for a scope of column keys; ids are integers from the manifest, safe to inline. */
  private scopeSql(columns?: readonly string[]): string | null {
    if (!columns) return "";
    const ids = columns.map((k) => this.idByKey.get(k)).filter((id): id is number => id !== undefined);
    return ids.length ? ` AND col IN (${ids.join(",")})` : null;
  }

  private entries(rows: Row[]): CellEntry[] {
    return rows.map((r) => this.toEntry(r)).filter((e): e is CellEntry => e !== undefined);
  }

  get(key: number): CellEntry | undefined {
    const hit = this.prefetched.get(key);
    if (hit) return hit;
    const row = this.getStmt.get(key) as RawRow | undefined;
    return row ? this.toEntry(fromRaw(row)) : undefined;
  }

  findNormalized(normalized: string, columns?: readonly string[]): CellEntry[] {
    const scope = this.scopeSql(columns);
    if (scope === null) return [];
    return this.entries(
      this.db.prepare(`SELECT ${FIELDS} FROM cells WHERE normalized = ?${scope} ORDER BY key`).all(normalized) as Row[],
    );
  }

  findPrefix(prefix: string, limit: number, columns?: readonly string[]): CellEntry[] {
    const scope = this.scopeSql(columns);
    if (scope === null || limit <= 0) return [];
    const sql =
      `SELECT ${FIELDS} FROM cells WHERE normalized >= ? AND normalized < ?${scope} ORDER BY ` +
      `normalized, key LIMIT ?`;
    const rows = this.db.prepare(sql).all(prefix, prefix + MAX_CHAR, limit) as Row[];
    return this.entries(rows).filter((e) => e.normalized.startsWith(prefix));
  }
}
