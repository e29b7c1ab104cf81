import { apiFetch, jsonBody } from "@/components/api/client";
import type { TableCellsRead } from "@/lib/core/model/sql-box";
import type { AnswerResultTable, WrittenCell } from "@/lib/core/trace";

export type { TableCellsRead };

/** What POST /api/datasets/:id/sql answers: the guarded query's result. */
export interface SqlBoxResult {
  columns: string[];
  rows: (string | number | null)[][];
  truncated: boolean;
  /** Which cap cut the result: its rows (`maxRows`), its text (`maxBytes`), or its time budget. */
  stoppedBy?: "rows" | "bytes" | "time" | null;
  /** How long the statement ran, measured where it ran (its time limit is measured the same way). */
  ms: number;
  maxRows: number;
  maxBytes?: number;
  /** The cells it read per table (its rows × the columns it names); null when it cannot be mapped to cells. */
  read?: TableCellsRead[] | null;
  /** Cells that read a stored number unchanged, as the file wrote it ("9970610.0"). */
  written?: WrittenCell[];
}

/** Runs one read-only SELECT through the server's SQL guard (its time limit and row cap). */
export function runSql(datasetId: string, sql: string, signal?: AbortSignal): Promise<SqlBoxResult> {
  return apiFetch<SqlBoxResult>(`/api/datasets/${encodeURIComponent(datasetId)}/sql`, {
    method: "POST",
    signal,
    ...jsonBody({ sql }),
  });
}

/** The address of the SQL box with a statement in it. */
export function sqlBoxHref(datasetId: string, sql: string): string {
  return `/datasets/${encodeURIComponent(datasetId)}/sql?${new URLSearchParams({ q: sql })}`;
}

/** A result in the answer table's shape, so the SQL box shows (and charts) it as an answer's result is. */
export function asResultTable(r: SqlBoxResult): AnswerResultTable {
  return {
    columns: r.columns,
    rows: r.rows,
    rowCount: r.rows.length,
    cut: false,
    ...(r.written?.length ? { written: r.written } : {}),
  };
}

/** Why a result was cut, in words (null when it was not). */
export function cutNote(r: SqlBoxResult): string | null {
  if (!r.truncated) return null;
  if (r.stoppedBy === "bytes")
    return `cut at ${Math.round((r.maxBytes ?? 0) / (1024 * 1024))} MB of text (MAX_SQL_RESULT_BYTES)`;
  if (r.stoppedBy === "time") return "cut at its time budget";
  return `cut at ${r.maxRows} rows; more rows matched`;
}
