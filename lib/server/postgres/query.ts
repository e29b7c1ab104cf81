import "server-only";
import type pg from "pg";
import { TranspileError, transpileSql } from "@/lib/core/retrieval/sql/dialect";
import { SqlFailedError, SqlTimeoutError } from "@/lib/server/sql/errors";
import type { GuardedQueryOptions, GuardedQueryResult, SqlCell } from "@/lib/server/sql/guarded-query";
import { connectionErrorMessage, poolFor, scrub } from "./pool";
import { openTarget, type PostgresTarget } from "./target";

const FETCH_ROWS = 1000;

/** A connection from the dataset's pool, or a SqlFailedError naming why there is none. */
async function connect(url: string): Promise<pg.PoolClient> {
  try {
    return await poolFor(url).connect();
  } catch (err) {
    throw new SqlFailedError(connectionErrorMessage(err, url).message);
  }
}

/**
 * Runs one statement on a connected PostgreSQL dataset, with the embedded engine's guarantees:
 * a READ ONLY transaction (nothing can be written), `statement_timeout` = the time limit, at most
 * `maxRows` rows read through a cursor (`truncated` says more existed), a soft `budgetMs` after
 * which reading stops. The SQL is SQLite's dialect, run as `options.engineSql` (the guard's check
 * transpiled it in an SQL process) or else transpiled here (the server's own short statements).
 * The driver is asynchronous: the event loop waits on the socket, never on the query.
 */
export async function runPostgresQuery(
  target: PostgresTarget,
  sqliteSql: string,
  options: GuardedQueryOptions = {},
  defaults: { timeoutMs: number; maxRows: number },
): Promise<GuardedQueryResult> {
  const sql = options.engineSql ?? postgresText(sqliteSql);
  const timeoutMs = Math.max(1, Math.floor(options.timeoutMs ?? defaults.timeoutMs));
  const maxRows = Math.max(0, Math.floor(options.maxRows ?? defaults.maxRows));
  const params = (options.params ?? []).map((v) => (typeof v === "boolean" ? Number(v) : v));
  const start = performance.now();
  if (options.signal?.aborted) throw new SqlFailedError("The query was cancelled.");
  const url = openTarget(target);
  const client = await connect(url);
  let broken = false;
  try {
    await client.query("BEGIN TRANSACTION READ ONLY");
    await client.query(`SET LOCAL statement_timeout = ${timeoutMs}`);
    if (options.countOnly) {
      const counted = await client.query({
        text: `SELECT count(*) FROM (SELECT 1 FROM (${sql}) AS q LIMIT ${maxRows + 1}) AS c`,
        values: params,
        rowMode: "array",
      });
      const n = Number(counted.rows[0]?.[0] ?? 0);
      return result(["count"], [], Math.min(n, maxRows), n > maxRows ? "rows" : null, start);
    }
    await client.query({ text: `DECLARE tablesight_rows NO SCROLL CURSOR FOR ${sql}`, values: params });
    const rows: SqlCell[][] = [];
    let columns: string[] = [];
    let stoppedBy: GuardedQueryResult["stoppedBy"] = null;
    for (;;) {
      const want = Math.min(FETCH_ROWS, maxRows + 1 - rows.length);
      const page = await client.query({ text: `FETCH FORWARD ${want} FROM tablesight_rows`, rowMode: "array" });
      columns = page.fields.map((f) => f.name);
      rows.push(...(page.rows as SqlCell[][]));
      if (rows.length > maxRows) {
        stoppedBy = "rows";
        break;
      }
      if (page.rows.length < want) break;
      if (options.budgetMs !== undefined && performance.now() - start > options.budgetMs) {
        stoppedBy = "time";
        break;
      }
      if (options.signal?.aborted) throw new SqlFailedError("The query was cancelled.");
    }
    const truncated = rows.length > maxRows;
    return { ...result(columns, rows.slice(0, maxRows), 0, stoppedBy, start), truncated };
  } catch (err) {
    broken = !(err as { code?: string }).code;
    throw translate(err, url, timeoutMs);
  } finally {
    await client.query("ROLLBACK").catch(() => {
      broken = true;
    });
    client.release(broken);
  }
}

function postgresText(sqliteSql: string): string {
  try {
    return transpileSql(sqliteSql, "sqlite", "postgres");
  } catch (err) {
    if (err instanceof TranspileError) throw new SqlFailedError(`This SQL cannot run on PostgreSQL: ${err.message}`);
    throw err;
  }
}

function result(
  columns: string[],
  rows: SqlCell[][],
  counted: number,
  stoppedBy: GuardedQueryResult["stoppedBy"],
  start: number,
): GuardedQueryResult {
  const ms = Math.round((performance.now() - start) * 10) / 10;
  return { columns, rows, truncated: stoppedBy === "rows", ms, rowCount: counted || rows.length, stoppedBy };
}

function translate(err: unknown, url: string, timeoutMs: number): Error {
  if (err instanceof SqlFailedError || err instanceof SqlTimeoutError) return err;
  const e = err as Error & { code?: string };
  if (e.code === "57014") return new SqlTimeoutError(timeoutMs);
  if (e.code && /^[0-9A-Z]{5}$/.test(e.code) && !e.code.startsWith("28"))
    return new SqlFailedError(`PostgreSQL: ${scrub(e.message, url)}`);
  return new SqlFailedError(connectionErrorMessage(err, url).message);
}
