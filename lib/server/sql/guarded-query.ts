import "server-only";
import path from "node:path";
import { isMainThread } from "node:worker_threads";
import { processSingleton } from "@/lib/server/process/singleton";
import type { DatasetStorage } from "@/db/schema";
import { datasetDir } from "@/lib/server/config";
import { getDataset } from "@/lib/server/stores/datasets";
import { checkSql, type GuardTable } from "./check-sql";
import { SqlFailedError, SqlRefusedError, type SqlRefusalReason } from "./errors";
import { SqlPool } from "./pool";
import { StatementShare, statementKey } from "./shared-statements";
import { runPostgresQuery } from "@/lib/server/postgres/query";
import type { ColumnOrigin, QueryMessage } from "./worker-protocol";

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
  /** Aborts the query: dropped while it waits, interrupted (or its process killed) while it runs. */
  signal?: AbortSignal;
  /** SQL the server built from quoted names (never user or model SQL): skips the compiled-program check. */
  internal?: boolean;
  /** Prepare only: the result's columns and their origins, no row read (SQLite datasets). */
  describeOnly?: boolean;
  /** How long the query may wait for a free worker (default: timeoutMs); imports wait behind answers. */
  queueMs?: number;
  /**
   * The kind of work, each with its own processes and queue: "answers" (questions and the app's
   * own reads), "grid" (browsing a table's rows), "background" (indexing). One kind never waits
   * behind another.
   */
  pool?: SqlLane;
};
export type SqlCell = string | number | null;
export type GuardedQueryResult = {
  columns: string[];
  /** Per result column, the stored column it reads unchanged (null for an expression); absent for PostgreSQL. */
  origins?: Array<ColumnOrigin | null>;
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

/** A kind of SQL work with its own processes and queue (a budget per kind). */
export type SqlLane = "answers" | "grid" | "background";

/**
 * Processes per kind in the main thread (SQL_WORKERS, GRID_SQL_WORKERS, INDEX_SQL_WORKERS); a
 * pool worker thread runs one question or index run at a time and gets one process per kind.
 */
function laneSize(lane: SqlLane): number {
  if (!isMainThread) return 1;
  const setting = { answers: "SQL_WORKERS", grid: "GRID_SQL_WORKERS", background: "INDEX_SQL_WORKERS" }[lane];
  const fallback = lane === "grid" ? 2 : 1;
  return Math.max(1, Number(process.env[setting]) || fallback);
}

// One pool of each kind per thread, so dev-server reloads do not leak processes.
const pools = () => processSingleton("sqlPools", (): Partial<Record<SqlLane, SqlPool>> => ({}));

/** The SQL processes of one kind of work in this thread. */
export function sqlPool(lane: SqlLane = "answers"): SqlPool {
  return (pools()[lane] ??= new SqlPool(lane, laneSize(lane)));
}

const statementShare = () => processSingleton("sqlStatementShare", () => new StatementShare());

/** Ends this thread's SQL processes (tests and shutdown); the next query starts fresh pools. */
export function closeSqlPool(): Promise<void> {
  const p = pools();
  const closing = Object.values(p).map((pool) => pool.close().catch(() => undefined));
  for (const lane of Object.keys(p) as SqlLane[]) delete p[lane];
  return Promise.all(closing).then(() => undefined);
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

/** What the guard needs of a dataset: its files and the tables a statement may read. */
export type GuardTarget = { files: QueryMessage["files"]; tables: readonly GuardTable[] };

/** The guard target of a loaded dataset. */
export function guardTargetOf(
  datasetId: string,
  dataset: { storage: DatasetStorage; tables: readonly { schemaName: string; sqlName: string }[] },
): GuardTarget {
  return {
    files: datasetFiles(datasetId, dataset.storage),
    tables: dataset.tables.map((t) => ({ schema: t.schemaName, name: t.sqlName })),
  };
}

/**
 * Runs SQL written by a reasoner (or anyone) on a dataset, safely: it must be one read-only
 * SELECT over the dataset's tables (checkSql), and it runs in a worker process on a read-only
 * connection, stopped at `timeoutMs`, returning at most `maxRows` rows (`truncated` says more
 * existed). Throws SqlRefusedError, SqlTimeoutError or SqlFailedError.
 */
export async function runGuardedSql(
  target: GuardTarget,
  sql: string,
  options: GuardedQueryOptions = {},
): Promise<GuardedQueryResult> {
  const checked = checkSql(sql, { tables: target.tables });
  return runCheckedSql(target.files, checked.sql, options);
}

/** runGuardedSql for a dataset by id (loads it; a question's run uses its context's target instead). */
export async function runGuardedQuery(
  datasetId: string,
  sql: string,
  options: GuardedQueryOptions = {},
): Promise<GuardedQueryResult> {
  const dataset = await getDataset(datasetId);
  if (!dataset) throw new SqlFailedError(`There is no dataset with id "${datasetId}".`);
  return runGuardedSql(guardTargetOf(datasetId, dataset), sql, options);
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
  const lane = options.pool ?? "answers";
  const pool = sqlPool(lane);
  const message = {
    files,
    sql,
    maxRows,
    params,
    budgetMs: options.budgetMs,
    countOnly: options.countOnly,
    internal: options.internal,
    ...(options.describeOnly ? { describeOnly: true } : {}),
  };
  const queueMs = options.queueMs ?? timeoutMs;
  const execute = () => pool.run(message, timeoutMs, options.signal, queueMs);
  // A question thread shares a reasoner's statement another question thread is running (a compare's
  // methods). Not the server's own reads (internal: a table read into a temporary index, a sheet's
  // grid): their results are large, and a waiting thread would hang on a busy runner's event loop.
  const shared = lane === "answers" && !isMainThread && !options.internal && maxRows <= DEFAULT_MAX_ROWS;
  const reply = shared
    ? await statementShare().run(statementKey(message), queueMs + timeoutMs, options.signal, execute)
    : await execute();
  if (!reply.ok) {
    if (reply.kind === "refused")
      throw new SqlRefusedError((reply.reason as SqlRefusalReason) ?? "writes", reply.message);
    throw new SqlFailedError(reply.message);
  }
  const ms = Math.round((performance.now() - start) * 10) / 10;
  return {
    columns: reply.columns,
    ...(reply.origins ? { origins: reply.origins } : {}),
    rows: reply.rows as SqlCell[][],
    truncated: reply.truncated,
    ms,
    rowCount: reply.rowCount,
    stoppedBy: reply.stoppedBy,
  };
}
