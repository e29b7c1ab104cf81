import "server-only";
import { quoteIdent } from "@/lib/core/ingest/identifiers";
import type { TableMeta } from "@/lib/core/model/dataset";
import { runCheckedSql, type GuardedQueryOptions, type SqlCell } from "@/lib/server/sql";
import type { QueryMessage } from "@/lib/server/sql/worker-protocol";
import { qualifiedTable } from "@/lib/server/stores/rows";
import { scanPostgres } from "./scan-postgres";

/** A row as the scan hands it over: [rowid | null, value…]. */
export type ScanRow = unknown[];

/**
 * Where indexing reads a dataset: its files, read in the background SQL worker (never on the
 * event loop), each read killed at `queryMs`; `signal` ends the read in flight on a cancel.
 */
export type ReadSource = { files: QueryMessage["files"]; signal: AbortSignal; queryMs: number };

export type ScanOptions = {
  chunkRows: number;
  /** Text is cut to this many characters in SQL, so a 100 KB cell never reaches JavaScript whole. */
  valueChars: number;
  /** Called between chunks: yields to the event loop and throws when the run was cancelled. */
  pause: () => Promise<void>;
  /** performance.now() after which no further chunk is read (the stage's time budget). */
  deadline: number;
  /** Rows read at most (a view's sample). */
  maxRows: number;
};

/** How a scan ended: all rows, or cut by the time budget or the row budget. */
export type ScanEnd = { rows: number; stoppedBy: "time" | "rows" | null };

// SQLite caps a function at 127 arguments: wide tables are packed as nested arrays of this many.
const GROUP = 100;

/** One read of the dataset in the background SQL worker; a cancelled run's read ends at once. */
export async function readRows(
  src: ReadSource,
  sql: string,
  options: GuardedQueryOptions = {},
): Promise<{ rows: SqlCell[][]; stoppedBy: ScanEnd["stoppedBy"] }> {
  if (src.signal.aborted) throw new IndexCancelled();
  try {
    const result = await runCheckedSql(src.files, sql, {
      internal: true,
      pool: "background",
      signal: src.signal,
      timeoutMs: src.queryMs,
      queueMs: 10 * src.queryMs,
      maxRows: 1,
      ...options,
    });
    // Internal reads carry no byte cap: "bytes" never ends them.
    return { rows: result.rows, stoppedBy: result.stoppedBy === "bytes" ? "rows" : result.stoppedBy };
  } catch (err) {
    if (src.signal.aborted) throw new IndexCancelled();
    throw err;
  }
}

/**
 * The expression a column is read through: text cut to `chars`, blobs replaced by a marker with
 * their length (see BLOB_MARK), everything else as stored.
 */
function scanExpression(column: string, chars: number): string {
  const q = quoteIdent(column);
  return (
    `CASE typeof(${q}) WHEN 'text' THEN substr(${q}, 1, ${chars}) WHEN 'blob' THEN char(0) ` +
    `|| 'blob:' || length(${q}) ELSE ${q} END`
  );
}

/**
 * The name that reaches a table's rowid, or null for views, WITHOUT ROWID tables and tables whose columns shadow every
 * alias.
 */
export async function rowidAlias(src: ReadSource, table: TableMeta): Promise<string | null> {
  if (table.isView) return null;
  const names = new Set(table.columns.map((c) => c.sqlName.toLowerCase()));
  const alias = ["rowid", "_rowid_", "oid"].find((a) => !names.has(a));
  if (!alias) return null;
  try {
    await readRows(src, `SELECT ${alias} FROM ${qualifiedTable(table)} LIMIT 0`);
    return alias;
  } catch (err) {
    if (isCancel(err)) throw err;
    return null;
  }
}

function packed(exprs: string[]): string {
  if (exprs.length <= GROUP) return exprs.join(", ");
  const groups: string[] = [];
  for (let i = 0; i < exprs.length; i += GROUP) groups.push(`json_array(${exprs.slice(i, i + GROUP).join(", ")})`);
  return groups.join(", ");
}

const past = (opts: ScanOptions) => performance.now() > opts.deadline;

/**
 * Reads a table in rowid ranges, each range aggregated by SQLite into one JSON array that
 * JSON.parse turns into rows: about twice as fast as stepping rows through the driver.
 */
async function scanJson(
  src: ReadSource,
  table: TableMeta,
  exprs: string[],
  rowid: string,
  opts: ScanOptions,
  onChunk: (rows: ScanRow[]) => void,
): Promise<ScanEnd> {
  const wide = exprs.length > GROUP;
  const named = exprs.map((e, i) => `${e} AS c${i}`).join(", ");
  const cols = packed(exprs.map((_, i) => `c${i}`));
  let last: number = Number.MIN_SAFE_INTEGER;
  let read = 0;
  for (;;) {
    if (read >= opts.maxRows) return { rows: read, stoppedBy: "rows" };
    if (past(opts)) return { rows: read, stoppedBy: "time" };
    const limit = Math.min(opts.chunkRows, opts.maxRows - read);
    const inner =
      `SELECT ${rowid} AS r, ${named} FROM ${qualifiedTable(table)} WHERE ${rowid} > ? ORDER ` +
      `BY ${rowid} LIMIT ${limit}`;
    const {
      rows: [row],
    } = await readRows(src, `SELECT max(r), json_group_array(json_array(r, ${cols})) FROM (${inner})`, {
      params: [last],
    });
    const [max, json] = (row ?? [null, "[]"]) as [number | null, string];
    if (max === null) return { rows: read, stoppedBy: null };
    let rows = JSON.parse(json) as ScanRow[];
    if (wide) rows = rows.map((r) => [r[0], ...(r.slice(1) as unknown[][]).flat()]);
    onChunk(rows);
    read += rows.length;
    last = max;
    await opts.pause();
  }
}

/**
 * Views and tables without a usable rowid. A view is read once, up to its sample and within the
 * stage's remaining time (it may be a query that never ends); a WITHOUT ROWID table in pages.
 */
async function scanPaged(
  src: ReadSource,
  table: TableMeta,
  exprs: string[],
  opts: ScanOptions,
  onChunk: (rows: ScanRow[]) => void,
): Promise<ScanEnd> {
  const from = `SELECT ${exprs.join(", ")} FROM ${qualifiedTable(table)}`;
  if (table.isView) {
    const budgetMs = Math.max(1, Math.min(src.queryMs, opts.deadline - performance.now()));
    const { rows, stoppedBy } = await readRows(src, from, {
      maxRows: opts.maxRows,
      budgetMs,
      timeoutMs: budgetMs + src.queryMs,
    });
    if (rows.length) onChunk(rows.map((r) => [null, ...r]));
    return { rows: rows.length, stoppedBy };
  }
  let read = 0;
  for (;;) {
    if (read >= opts.maxRows) return { rows: read, stoppedBy: "rows" };
    if (past(opts)) return { rows: read, stoppedBy: "time" };
    const limit = Math.min(opts.chunkRows, opts.maxRows - read);
    const { rows } = await readRows(src, `${from} LIMIT ${limit} OFFSET ${read}`, { maxRows: limit });
    if (rows.length) onChunk(rows.map((r) => [null, ...r]));
    read += rows.length;
    if (rows.length < limit) return { rows: read, stoppedBy: null };
    await opts.pause();
  }
}

/**
 * Streams the given columns of a table in chunks of rows, within the stage's time budget and the
 * row budget. The JSON path is tried first; if SQLite refuses it (odd text, very wide rows)
 * `restart` is called so the caller can drop what it counted and the table is read again in pages.
 */
export async function scanTable(
  src: ReadSource,
  table: TableMeta,
  columns: string[],
  opts: ScanOptions,
  onChunk: (rows: ScanRow[]) => void,
  restart: () => void,
): Promise<ScanEnd> {
  if (src.files.postgres) return scanPostgres(src, table, columns, opts, onChunk, readRows);
  const exprs = columns.map((c) => scanExpression(c, opts.valueChars));
  const rowid = await rowidAlias(src, table);
  if (rowid) {
    try {
      return await scanJson(src, table, exprs, rowid, opts, onChunk);
    } catch (err) {
      if (isCancel(err)) throw err;
      restart();
    }
  }
  return scanPaged(src, table, exprs, opts, onChunk);
}

/** Thrown by `pause` when a run is cancelled (dataset deleted, server stopping). */
export class IndexCancelled extends Error {
  constructor() {
    super("indexing was cancelled");
  }
}

export function isCancel(err: unknown): boolean {
  return err instanceof IndexCancelled;
}
