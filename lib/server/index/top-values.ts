import "server-only";
import type { CellValueInput } from "@/lib/core/index";
import { quoteIdent } from "@/lib/core/ingest/identifiers";
import type { TableMeta } from "@/lib/core/model/dataset";
import { qualifiedTable } from "@/lib/server/stores/rows";
import { readRows, rowidAlias, type ReadSource } from "./scan-table";
import { pgSampleRows } from "./caps";
import { postgresTopValuesSql } from "./scan-postgres";

/**
 * A column's most frequent values straight from SQL, for columns too large to collect during the
 * profile scan. SQLite does the grouping on disk (in the background worker, within the read's
 * time limit); only the kept values come back. Row ids are reduced to the first row of each value
 * here, as collecting more would need another pass. A view is grouped over its sample only.
 */
export async function topValuesFromSql(
  src: ReadSource,
  table: TableMeta,
  column: string,
  limit: number,
  valueChars: number,
  viewRows: number,
): Promise<CellValueInput[]> {
  if (src.files.postgres) {
    const sql = postgresTopValuesSql(table, column, valueChars, Math.max(viewRows, pgSampleRows()));
    const { rows } = await readRows(src, sql, { params: [limit], maxRows: limit });
    return rows.map(([v, n, r]) =>
      r === null
        ? { value: String(v), rowCount: Number(n) }
        : { value: String(v), rowCount: Number(n), rowIds: [Number(r)] },
    );
  }
  const q = quoteIdent(column);
  const rowid = await rowidAlias(src, table);
  const value = `CASE typeof(${q}) WHEN 'text' THEN substr(${q}, 1, ${valueChars}) ELSE CAST(${q} AS TEXT) END`;
  const from = table.isView ? `(SELECT * FROM ${qualifiedTable(table)} LIMIT ${viewRows})` : qualifiedTable(table);
  // The kept values come out sorted by value, the order the HNSW graph is built fastest in.
  const sql =
    `SELECT * FROM (SELECT v, count(*) AS n, min(r) FROM (SELECT ${value} AS v, ${rowid ?? "NULL"} AS ` +
    `r FROM ${from} WHERE typeof(${q}) IN ('text', 'integer', 'real'))
    WHERE trim(v) <> '' GROUP BY v ORDER BY n DESC, v LIMIT ?) ORDER BY v`;
  const { rows } = await readRows(src, sql, { params: [limit], maxRows: limit });
  return rows.map(([v, n, r]) =>
    r === null
      ? { value: String(v), rowCount: Number(n) }
      : { value: String(v), rowCount: Number(n), rowIds: [Number(r)] },
  );
}
