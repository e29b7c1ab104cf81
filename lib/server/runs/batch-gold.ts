import "server-only";
import { type DbSchema, goldCellKeys, type RunRows } from "@/lib/core/eval";
import type { DatasetDetail } from "@/lib/core/model/dataset";
import { runGuardedSql, type GuardTarget } from "@/lib/server/sql";
import { analyzeSqlOffThread } from "@/lib/server/sql/analyze";

/** Gold of one question from its gold query: columns and cells (null when no branch could run). */
export type QuestionGold = { columns: Set<string>; cells: Set<string> | null; error?: string };

/** Tables and columns of a dataset by SQL name, lowercased, as gold queries name them. */
export function datasetSchema(dataset: DatasetDetail): DbSchema {
  return new Map(dataset.tables.map((t) => [t.sqlName.toLowerCase(), t.columns.map((c) => c.sqlName.toLowerCase())]));
}

/** Reads rows through the SQL worker pool (never on the event loop), with generous caps for gold row ids. */
export function poolRows(target: GuardTarget, signal?: AbortSignal): RunRows {
  return async (sql) =>
    (
      await runGuardedSql(target, sql, {
        maxRows: 200_000,
        maxBytes: 64 * 1024 * 1024,
        timeoutMs: 20_000,
        signal,
        queueMs: 60_000,
      })
    ).rows;
}

/**
 * Analyses a question's gold query on the dataset (read in an SQL process under MAX_SQL_CHECK_MS, so a
 * hostile gold query holds no thread); one that cannot be read gives an error, not a throw.
 */
export async function goldOf(
  dataset: DatasetDetail,
  target: GuardTarget,
  goldSql: string,
  signal?: AbortSignal,
): Promise<QuestionGold> {
  try {
    const gold = await analyzeSqlOffThread(goldSql, datasetSchema(dataset), { signal });
    return { columns: gold.columns, cells: await goldCellKeys(gold, poolRows(target, signal)) };
  } catch (err) {
    return { columns: new Set(), cells: null, error: err instanceof Error ? err.message : String(err) };
  }
}

/**
 * The cells an answer query reads (its rows × the columns it names), found like the gold query's:
 * a method without sub-tables (SGAM) gets a cell recall too. Null when the query cannot be read.
 */
export async function answerQueryCells(
  sql: string,
  dataset: DatasetDetail,
  target: GuardTarget,
  signal?: AbortSignal,
): Promise<Set<string> | null> {
  try {
    const plain = sql.replace(/"(?:src\d+|main)"\s*\.\s*/g, "");
    const analysed = await analyzeSqlOffThread(plain, datasetSchema(dataset), { signal });
    return await goldCellKeys(analysed, poolRows(target, signal));
  } catch {
    return null;
  }
}
