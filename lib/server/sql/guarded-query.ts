import "server-only";
import path from "node:path";
import { isMainThread } from "node:worker_threads";
import { processSingleton } from "@/lib/server/process/singleton";
import type { DatasetStorage } from "@/db/schema";
import { datasetDir } from "@/lib/server/config";
import { MAX_SQL_RESULT_BYTES, SQL_MAX_ROWS, SQL_TIME_LIMIT_MS } from "@/lib/core/model/limits";
import { SqlFailedError, SqlRefusedError, type SqlRefusalReason } from "./errors";
import { precheckSql } from "./lexical";
import { SqlPool } from "./pool";
import { readOnlyPragma, runPragma } from "./pragmas";
import { ensureStatementCoordinator, StatementShare, statementKey } from "./shared-statements";
import { runPostgresQuery } from "@/lib/server/postgres/query";
import type { ColumnOrigin, GuardSpec, GuardTable, QueryMessage } from "./worker-protocol";

// The main thread coordinates the statements its worker threads share (./shared-statements.ts). Every
// main-thread path that starts a worker loads this module first, so the coordinator is up before any
// thread claims a statement (a claim nobody answers waits 100 ms, then runs alone).
if (isMainThread) ensureStatementCoordinator();

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
  /** Most bytes of cell text returned (user and model SQL: MAX_SQL_RESULT_BYTES); the result is cut there. */
  maxBytes?: number;
  /** How long the query may wait for a free worker (default: timeoutMs); imports wait behind answers. */
  queueMs?: number;
  /**
   * The kind of work, each with its own processes and queue: "answers" (questions and the app's
   * own reads), "grid" (browsing a table's rows), "background" (indexing). One kind never waits
   * behind another.
   */
  pool?: SqlLane;
  /** The statement already written in the engine's dialect (a PostgreSQL dataset's, by the guard's check). */
  engineSql?: string;
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
  stoppedBy: "rows" | "time" | "bytes" | null;
};

/** The time limit of a guarded statement (SQL_TIME_LIMIT_MS), measured where it runs. */
export const DEFAULT_TIMEOUT_MS = SQL_TIME_LIMIT_MS;
export const DEFAULT_MAX_ROWS = SQL_MAX_ROWS;

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
 * Runs SQL written by a user or a reasoner on a dataset, safely: it must be one read-only SELECT
 * (or a read-only PRAGMA, ./pragmas.ts) over the dataset's tables. Here, on the caller's thread,
 * only the linear pre-check runs (size, tokens, nesting, keywords); the parse, the compiled-program
 * look and the statement run in an SQL worker process on a read-only connection: the check within
 * MAX_SQL_CHECK_MS, the statement stopped at `timeoutMs`, at most `maxRows` rows and `maxBytes`
 * of text (`truncated` says more existed). Throws SqlRefusedError, SqlTimeoutError or SqlFailedError.
 */
export async function runGuardedSql(
  target: GuardTarget,
  sql: string,
  options: GuardedQueryOptions = {},
): Promise<GuardedQueryResult> {
  const pragma = readOnlyPragma(sql);
  if (pragma)
    return runPragma(target, pragma, (text, params) =>
      runCheckedSql(target.files, text, { ...options, params, internal: true }),
    );
  const text = precheckSql(sql);
  const guard: GuardSpec = { tables: [...target.tables] };
  const engineSql = target.files.postgres ? await checkInWorker(text, [...target.tables], options) : undefined;
  const guarded = { maxBytes: MAX_SQL_RESULT_BYTES, ...options, guard, ...(engineSql ? { engineSql } : {}) };
  try {
    return await runCheckedSql(target.files, text, guarded);
  } catch (err) {
    // The parse overran: the statement compiled (SQLite read it), so its program alone decides.
    if (!(err instanceof SqlRefusedError) || err.reason !== "too_complex" || !/MAX_SQL_CHECK_MS/.test(err.message))
      throw err;
    if (target.files.postgres) throw err;
    return runCheckedSql(target.files, text, { ...guarded, guard: { ...guard, ast: false } });
  }
}

/**
 * The parser's look alone, in an SQL process under MAX_SQL_CHECK_MS (a PostgreSQL dataset's
 * statement); returns the statement as PostgreSQL runs it, transpiled there too.
 */
async function checkInWorker(sql: string, tables: GuardTable[], options: GuardedQueryOptions): Promise<string> {
  const reply = await sqlPool(options.pool ?? "answers").run(
    { type: "check", sql, tables },
    options.timeoutMs ?? DEFAULT_TIMEOUT_MS,
    options.signal,
    options.queueMs,
  );
  if (!reply.ok && reply.kind === "refused")
    throw new SqlRefusedError((reply.reason as SqlRefusalReason) ?? "parse_error", reply.message);
  if (!reply.ok) throw new SqlFailedError(reply.message);
  return reply.engineSql ?? sql;
}

/**
 * Runs SQL on the given files in an SQL process: with `guard`, checked there first (runGuardedSql);
 * without, the server's own SQL (`internal`) or SQL whose compiled program alone is checked.
 */
export async function runCheckedSql(
  files: QueryMessage["files"],
  sql: string,
  options: GuardedQueryOptions & { guard?: GuardSpec } = {},
): Promise<GuardedQueryResult> {
  if (files.postgres)
    return runPostgresQuery(files.postgres, sql, options, { timeoutMs: DEFAULT_TIMEOUT_MS, maxRows: DEFAULT_MAX_ROWS });
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const maxRows = Math.max(0, Math.floor(options.maxRows ?? DEFAULT_MAX_ROWS));
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
    timeoutMs,
    ...(options.maxBytes !== undefined ? { maxBytes: options.maxBytes } : {}),
    ...(options.guard ? { guard: options.guard } : {}),
    ...(options.describeOnly ? { describeOnly: true } : {}),
  } satisfies QueryMessage;
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
  return {
    columns: reply.columns,
    ...(reply.origins ? { origins: reply.origins } : {}),
    rows: reply.rows as SqlCell[][],
    truncated: reply.truncated,
    // Measured where the statement ran, as its time limit is (not the wait for a free process).
    ms: reply.ms,
    rowCount: reply.rowCount,
    stoppedBy: reply.stoppedBy,
  };
}
