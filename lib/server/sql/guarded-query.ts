import "server-only";
import { processSingleton } from "@/lib/server/process/singleton";
import path from "node:path";
import type { DatasetStorage } from "@/db/schema";
import { datasetDir } from "@/lib/server/config";
import { getDataset } from "@/lib/server/stores/datasets";
import { checkSql, type GuardTable } from "./check-sql";
import { SqlFailedError, SqlRefusedError, type SqlRefusalReason } from "./errors";
import { SqlPool } from "./pool";
import { runPostgresQuery } from "@/lib/server/postgres/query";
import type { QueryMessage } from "./worker-slot";

export type SqlParam = string | number | boolean | null;
export type GuardedQueryOptions = {
  timeoutMs?: number;
  maxRows?: number;
  /** Values bound to `?` placeholders, in order (never spliced into the SQL text). */
  params?: readonly SqlParam[];
  /** Soft time budget: rows stop being read after it and the result is cut (`stoppedBy: "time"`). */
  budgetMs?: number;
  /** Count the rows (up to maxRows) instead of returning them. */
  countOnly?: boolean;
  /** Aborts the query: dropped while it waits, its worker killed while it runs. */
  signal?: AbortSignal;
  /** SQL the server built from quoted names (never user or model SQL): skips the compiled-program check. */
  internal?: boolean;
  /** How long the query may wait for a free worker (default: timeoutMs); imports wait behind answers. */
  queueMs?: number;
  /** "background" queries (indexing) have their own workers, so they never delay answers. */
  pool?: "answers" | "background";
};
export type SqlCell = string | number | null;
export type GuardedQueryResult = {
  columns: string[];
  rows: SqlCell[][];
  truncated: boolean;
  ms: number;
  /** Rows read (counted, when countOnly). */
  rowCount: number;
  /** Which budget cut the result, if one did. */
  stoppedBy: "rows" | "time" | null;
};

export const DEFAULT_TIMEOUT_MS = 5000;
export const DEFAULT_MAX_ROWS = 1000;

// One pool of each kind per process, so dev-server reloads do not leak workers.
const pools = () => processSingleton("sqlPools", (): { answers?: SqlPool; background?: SqlPool } => ({}));

/** The pool of answers and user-facing reads (SQL_WORKERS, default 2). */
export function sqlPool(): SqlPool {
  const size = Math.max(1, Number(process.env.SQL_WORKERS) || 2);
  return (pools().answers ??= new SqlPool(size));
}

/** The pool of indexing reads (INDEX_SQL_WORKERS, default 1), kept apart so a long index never delays an answer. */
export function backgroundSqlPool(): SqlPool {
  const size = Math.max(1, Number(process.env.INDEX_SQL_WORKERS) || 1);
  return (pools().background ??= new SqlPool(size));
}

/** Kills the pools' workers (tests and shutdown); the next query starts fresh pools. */
export function closeSqlPool(): void {
  const p = pools();
  p.answers?.close();
  p.background?.close();
  delete p.answers;
  delete p.background;
}

/** The files of a dataset as the worker opens them: main read-only, copies attached with mode=ro. */
export function datasetFiles(datasetId: string, storage: DatasetStorage): QueryMessage["files"] {
  const dir = datasetDir(datasetId);
  return {
    main: path.join(dir, storage.main),
    attachments: storage.attachments.map(({ alias, file }) => ({
      alias,
      uri: `file:${encodeURI(path.join(dir, file))}?mode=ro`,
    })),
    ...(storage.postgres ? { postgres: storage.postgres } : {}),
  };
}

/**
 * Runs SQL written by a reasoner (or anyone) on a dataset, safely: it must be one read-only
 * SELECT over the dataset's tables (checkSql), and it runs in a worker process on a read-only
 * connection, killed at `timeoutMs`, returning at most `maxRows` rows (`truncated` says more
 * existed). Throws SqlRefusedError, SqlTimeoutError or SqlFailedError.
 */
export async function runGuardedQuery(
  datasetId: string,
  sql: string,
  options: GuardedQueryOptions = {},
): Promise<GuardedQueryResult> {
  const dataset = await getDataset(datasetId);
  if (!dataset) throw new SqlFailedError(`There is no dataset with id "${datasetId}".`);
  const tables: GuardTable[] = dataset.tables.map((t) => ({ schema: t.schemaName, name: t.sqlName }));
  const checked = checkSql(sql, { tables });
  return runCheckedSql(datasetFiles(datasetId, dataset.storage), checked.sql, options);
}

/** Runs SQL that already passed checkSql on the given files (the worker checks the program again). */
export async function runCheckedSql(
  files: QueryMessage["files"],
  sql: string,
  options: GuardedQueryOptions = {},
): Promise<GuardedQueryResult> {
  if (files.postgres)
    return runPostgresQuery(files.postgres, sql, options, { timeoutMs: DEFAULT_TIMEOUT_MS, maxRows: DEFAULT_MAX_ROWS });
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const maxRows = Math.max(0, Math.floor(options.maxRows ?? DEFAULT_MAX_ROWS));
  const start = performance.now();
  const params = (options.params ?? []).map((v) => (typeof v === "boolean" ? Number(v) : v));
  const pool = options.pool === "background" ? backgroundSqlPool() : sqlPool();
  const message = {
    files,
    sql,
    maxRows,
    params,
    budgetMs: options.budgetMs,
    countOnly: options.countOnly,
    internal: options.internal,
  };
  const reply = await pool.run(message, timeoutMs, options.signal, options.queueMs ?? timeoutMs);
  if (!reply.ok) {
    if (reply.kind === "refused")
      throw new SqlRefusedError((reply.reason as SqlRefusalReason) ?? "writes", reply.message);
    throw new SqlFailedError(reply.message);
  }
  const ms = Math.round((performance.now() - start) * 10) / 10;
  return {
    columns: reply.columns,
    rows: reply.rows as SqlCell[][],
    truncated: reply.truncated,
    ms,
    rowCount: reply.rowCount,
    stoppedBy: reply.stoppedBy,
  };
}
