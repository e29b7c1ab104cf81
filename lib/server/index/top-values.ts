import "server-only";
import type { CellValueInput } from "@/lib/core/index";
import { quoteIdent } from "@/lib/core/ingest/identifiers";
import type { TableMeta } from "@/lib/core/model/dataset";
import type { SqliteDb } from "@/lib/server/sqlite/open";
import { qualifiedTable } from "@/lib/server/stores/rows";
import { rowidAlias } from "./scan-table";

/**
 * A column's most frequent values straight from SQL, for columns too large to collect during the
 * profile scan. SQLite does the grouping on disk; only the kept values reach JavaScript. Row ids
 * are reduced to the first row of each value here, as collecting more would need another pass.
 */
export function* topValuesFromSql(db: SqliteDb, table: TableMeta, column: string, limit: number, valueChars: number): Iterable<CellValueInput> {
  const q = quoteIdent(column);
  const rowid = rowidAlias(db, table);
  const value = `CASE typeof(${q}) WHEN 'text' THEN substr(${q}, 1, ${valueChars}) ELSE CAST(${q} AS TEXT) END`;
  // The kept values come out sorted by value, the order the HNSW graph is built fastest in.
  const sql = `SELECT * FROM (SELECT v, count(*) AS n, min(r) FROM (SELECT ${value} AS v, ${rowid ?? "NULL"} AS r FROM ${qualifiedTable(table)} WHERE typeof(${q}) IN ('text', 'integer', 'real'))
    WHERE trim(v) <> '' GROUP BY v ORDER BY n DESC, v LIMIT ?) ORDER BY v`;
  for (const [v, n, r] of db.prepare(sql).raw(true).iterate(limit) as Iterable<[string, number, number | null]>) {
    yield r === null ? { value: v, rowCount: Number(n) } : { value: v, rowCount: Number(n), rowIds: [Number(r)] };
  }
}
