import "server-only";
import type { SqlRunner } from "@/lib/core/retrieval/ports";
import type { GuardTarget } from "@/lib/server/sql/guarded-query";

type GuardModule = typeof import("@/lib/server/sql");

let guard: Promise<GuardModule> | null = null;

/** The SQL guard, loaded on first use. */
function loadGuard(): Promise<GuardModule> {
  guard ??= import("@/lib/server/sql");
  return guard;
}

/**
 * The retrieval SQL port of a run: every statement goes through the SQL guard (one read-only
 * SELECT over the dataset's tables, run off-thread with a time limit and a row cap), binds its
 * parameters, and stops when the run is cancelled. Refusals and failures surface as errors with
 * the guard's message.
 */
export function datasetSqlRunner(
  target: GuardTarget,
  options: { timeoutMs?: number; signal?: AbortSignal } = {},
): SqlRunner {
  return async (sql, opts = {}) => {
    const { runGuardedSql } = await loadGuard();
    const result = await runGuardedSql(target, sql, {
      maxRows: opts.maxRows,
      params: opts.params,
      timeoutMs: options.timeoutMs,
      signal: options.signal,
    });
    return { columns: result.columns, rows: result.rows, truncated: result.truncated, ms: result.ms };
  };
}
