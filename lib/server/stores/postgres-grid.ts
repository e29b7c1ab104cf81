import "server-only";
import { quoteIdent } from "@/lib/core/ingest/identifiers";
import type { RowsPage } from "@/lib/core/api/grid";
import type { TableMeta } from "@/lib/core/model/dataset";
import { processSingleton } from "@/lib/server/process/singleton";
import { LRUCache } from "lru-cache";
import { gridSelectList } from "./grid-select";

/** One grid read: the SQL (SQLite-flavoured, rendered for PostgreSQL by the runner) and its parameters. */
export type GridQuery = { sql: string; params: Array<string | number> };

// Where each page ended, per table: the next page starts after that key instead of skipping rows.
const pageEnds = () =>
  processSingleton("postgresPageEnds", () => new LRUCache<string, Map<number, string | number>>({ max: 200 }));

/** The table's one-column primary key, the key keyset paging walks. */
function keysetColumn(table: TableMeta): string | null {
  const pk = table.columns.filter((c) => c.isPrimaryKey);
  return !table.isView && pk.length === 1 ? pk[0].sqlName : null;
}

/**
 * The read of one grid page of a connected table. Unsorted tables with a one-column primary key
 * are paged by keyset (`WHERE key > last ORDER BY key`), so page 10,000 costs what page 1 does,
 * when the previous page's end is known (the grid reads pages in order); otherwise by OFFSET.
 */
export function postgresPageQuery(
  cacheKey: string,
  table: TableMeta,
  from: string,
  req: { offset: number; limit: number; sort?: string; dir?: "asc" | "desc" },
): GridQuery & { keyIndex: number | null } {
  const cols = gridSelectList(table, "postgres");
  const rowId = table.isView ? "" : "rowid, ";
  const key = keysetColumn(table);
  if (req.sort || !key) {
    const tie = key ? `, ${quoteIdent(key)}` : "";
    const sorted = req.sort ? quoteIdent(req.sort) : "";
    // Empty cells last either way (NULLS LAST, said in the grammar both engines' SQL is read in).
    const order = req.sort
      ? ` ORDER BY ${sorted} IS NULL, ${sorted} ${req.dir === "desc" ? "DESC" : "ASC"}${tie}`
      : key
        ? ` ORDER BY ${quoteIdent(key)}`
        : "";
    return {
      sql: `SELECT ${rowId}${cols} FROM ${from}${order} LIMIT ? OFFSET ?`,
      params: [req.limit, req.offset],
      keyIndex: null,
    };
  }
  const keyIndex = table.columns.findIndex((c) => c.sqlName === key) + (rowId ? 1 : 0);
  const after = req.offset === 0 ? undefined : pageEnds().get(cacheKey)?.get(req.offset);
  if (req.offset > 0 && after === undefined)
    return {
      sql: `SELECT ${rowId}${cols} FROM ${from} ORDER BY ${quoteIdent(key)} LIMIT ? OFFSET ?`,
      params: [req.limit, req.offset],
      keyIndex,
    };
  const where = after === undefined ? "" : ` WHERE ${quoteIdent(key)} > ?`;
  return {
    sql: `SELECT ${rowId}${cols} FROM ${from}${where} ORDER BY ${quoteIdent(key)} LIMIT ?`,
    params: after === undefined ? [req.limit] : [after, req.limit],
    keyIndex,
  };
}

/** Remembers where a page ended, so the next page can start after its key. */
export function rememberPageEnd(cacheKey: string, offset: number, rows: RowsPage["rows"], keyIndex: number): void {
  const last = rows.at(-1);
  if (!last) return;
  const value = last.values[keyIndex - 1];
  if (typeof value !== "string" && typeof value !== "number") return;
  const cache = pageEnds();
  const ends = cache.get(cacheKey) ?? new Map<number, string | number>();
  if (ends.size > 5000) ends.clear();
  ends.set(offset + rows.length, value);
  cache.set(cacheKey, ends);
}
