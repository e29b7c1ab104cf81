import "server-only";
import { quoteIdent } from "@/lib/core/ingest/identifiers";
import type { TableMeta } from "@/lib/core/model/dataset";
import { qualifiedTable } from "@/lib/server/stores/rows";
import type { ReadSource, ScanEnd, ScanOptions, ScanRow } from "./scan-table";

type Read = (
  src: ReadSource,
  sql: string,
  options: { maxRows?: number; budgetMs?: number; timeoutMs?: number; params?: Array<string | number> },
) => Promise<{ rows: unknown[][]; stoppedBy: ScanEnd["stoppedBy"] }>;

/** Text of a column as the index reads it: cut to `chars` in SQL, so a long cell never reaches JavaScript whole. */
function cut(column: string, chars: number): string {
  const q = quoteIdent(column);
  return `CASE WHEN ${q} IS NULL THEN NULL ELSE substr(CAST(${q} AS TEXT), 1, ${chars}) END`;
}

/**
 * Scans a connected PostgreSQL table for indexing: ONE bounded sample (its first `maxRows` rows in
 * the table's physical order, within the stage's time budget), with each row's id (its ctid as an
 * integer) so retrieved cells point at rows the grid shows. Numbers stay numbers; other values are
 * read as text, cut to `valueChars`.
 */
export async function scanPostgres(
  src: ReadSource,
  table: TableMeta,
  columns: string[],
  opts: ScanOptions,
  onChunk: (rows: ScanRow[]) => void,
  read: Read,
): Promise<ScanEnd> {
  const types = new Map(table.columns.map((c) => [c.sqlName, c.type]));
  const exprs = columns.map((c) =>
    types.get(c) === "integer" || types.get(c) === "real"
      ? quoteIdent(c)
      : types.get(c) === "binary"
        ? `length(${quoteIdent(c)})` // bytes, never the bytes themselves
        : cut(c, opts.valueChars),
  );
  const rowId = table.isView ? "NULL" : "rowid";
  const budgetMs = Math.max(1, Math.min(src.queryMs, opts.deadline - performance.now()));
  const { rows, stoppedBy } = await read(
    src,
    `SELECT ${rowId}, ${exprs.join(", ")} FROM ${qualifiedTable(table)} LIMIT ${opts.maxRows}`,
    { maxRows: opts.maxRows, budgetMs, timeoutMs: budgetMs + src.queryMs },
  );
  for (let i = 0; i < rows.length; i += opts.chunkRows) {
    onChunk(rows.slice(i, i + opts.chunkRows));
    await opts.pause();
  }
  const sampled = rows.length >= opts.maxRows && table.rowCount > rows.length;
  return { rows: rows.length, stoppedBy: stoppedBy === "time" ? "time" : sampled ? "rows" : null };
}

/** A column's most frequent values over the table's sample, grouped by PostgreSQL. */
export function postgresTopValuesSql(table: TableMeta, column: string, valueChars: number, sample: number): string {
  const rowId = table.isView ? "NULL" : "rowid";
  return `SELECT v, n, r FROM (SELECT v, count(*) AS n, min(r) AS r FROM (SELECT ${cut(column, valueChars)} AS v,
    ${rowId} AS r FROM ${qualifiedTable(table)} LIMIT ${sample}) AS s WHERE trim(v) <> '' GROUP BY v
    ORDER BY n DESC, v LIMIT ?) AS t ORDER BY v`;
}
