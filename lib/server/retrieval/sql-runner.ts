import "server-only";
import type { SqlRunner } from "@/lib/core/retrieval/ports";

type GuardModule = typeof import("@/lib/server/sql");

let guard: Promise<GuardModule> | null = null;

/** The SQL guard, loaded on first use. */
function loadGuard(): Promise<GuardModule> {
  guard ??= import("@/lib/server/sql");
  return guard;
}

/**
 * The retrieval SQL port for a stored dataset: every statement goes through the SQL guard (one
 * read-only SELECT over the dataset's tables, run off-thread with a time limit and a row cap).
 * Refusals and failures surface as errors with the guard's message.
 */
export function datasetSqlRunner(datasetId: string, options: { timeoutMs?: number } = {}): SqlRunner {
  return async (sql, opts = {}) => {
    const { runGuardedQuery } = await loadGuard();
    const result = await runGuardedQuery(datasetId, sql, { maxRows: opts.maxRows, timeoutMs: options.timeoutMs });
    return { columns: result.columns, rows: result.rows, truncated: result.truncated, ms: result.ms };
  };
}
