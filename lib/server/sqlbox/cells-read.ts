import "server-only";
import type { GoldSql } from "@/lib/core/eval";
import type { DatasetDetail } from "@/lib/core/model/dataset";
import type { TableCellsRead } from "@/lib/core/model/sql-box";
import { datasetSchema } from "@/lib/server/runs/batch-gold";
import { DEFAULT_TIMEOUT_MS, runGuardedSql, type GuardTarget } from "@/lib/server/sql";
import { analyzeSqlOffThread } from "@/lib/server/sql/analyze";

export type { TableCellsRead };

/** Most rows of one table whose read cells the SQL box outlines (the rest are counted as cut). */
export const MAX_READ_ROWS = 1_000;

/**
 * The cells a read-only statement read, found as gold cells are (lib/core/eval/gold-sql.ts): each
 * SELECT of it re-run with its select list replaced by the row ids of its tables, through the same
 * guard and pool. Null when the statement cannot be read that way (a view, a construct the parser
 * does not print back, a table without row ids): the SQL box then shows the result alone.
 */
export async function cellsRead(
  sql: string,
  dataset: DatasetDetail,
  target: GuardTarget,
  signal?: AbortSignal,
): Promise<TableCellsRead[] | null> {
  let analysed: GoldSql;
  try {
    // Read in an SQL process (its parser can backtrack for minutes), never on this thread.
    analysed = await analyzeSqlOffThread(sql.replace(/"(?:src\d+|main)"\s*\.\s*/g, ""), datasetSchema(dataset), {
      pool: "grid",
      signal,
    });
  } catch {
    return null;
  }
  const read = new Map<string, { columns: string[]; rowIds: Set<number>; cut: boolean }>();
  for (const table of dataset.tables) {
    if (table.isView) continue;
    const prefix = `${table.sqlName.toLowerCase()}.`;
    const columns = table.columns.map((c) => c.sqlName).filter((c) => analysed.columns.has(prefix + c.toLowerCase()));
    if (columns.length) read.set(table.sqlName.toLowerCase(), { columns, rowIds: new Set(), cut: false });
  }
  let ran = 0;
  for (const branch of analysed.branches) {
    if (!branch.tables.some((t) => read.has(t))) continue;
    try {
      const result = await runGuardedSql(target, branch.sql, {
        maxRows: MAX_READ_ROWS + 1,
        timeoutMs: DEFAULT_TIMEOUT_MS,
        signal,
        pool: "grid",
      });
      ran++;
      branch.tables.forEach((t, i) => {
        const entry = read.get(t);
        if (!entry) return;
        for (const row of result.rows) {
          const id = row[i] === null || row[i] === undefined ? Number.NaN : Number(row[i]);
          if (!Number.isInteger(id)) continue;
          if (entry.rowIds.size >= MAX_READ_ROWS) entry.cut = true;
          else entry.rowIds.add(id);
        }
        if (result.truncated) entry.cut = true;
      });
    } catch {
      // A branch that does not run with row ids (a view, a derived table) adds no cells.
    }
  }
  if (!ran) return null;
  const tables = dataset.tables.filter((t) => (read.get(t.sqlName.toLowerCase())?.rowIds.size ?? 0) > 0);
  return tables.map((t) => {
    const entry = read.get(t.sqlName.toLowerCase())!;
    return {
      table: t.sqlName,
      columns: entry.columns,
      rowIds: [...entry.rowIds].sort((a, b) => a - b),
      cut: entry.cut,
    };
  });
}
