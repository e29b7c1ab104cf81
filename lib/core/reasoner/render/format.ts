import { TRACE_LIMITS, type CellValue } from "../../trace/atoms";
import type { AnswerResultTable } from "../../trace/kinds-run";
import type { SqlResult } from "../../retrieval/ports";

function show(v: CellValue): string {
  if (v === null) return "(empty)";
  if (typeof v === "number") return Number.isInteger(v) ? String(v) : String(Number(v.toPrecision(10)));
  return String(v);
}

/**
 * The answer text and values from the answer query's rows: a yes/no from a count, a single value,
 * a list of values, or rows of several columns ("a | b; c | d").
 */
export function formatAnswer(result: SqlResult, operation: string): { text: string; values: CellValue[] } {
  const rows = result.rows;
  if (operation === "yes-no") {
    const n = Number(rows[0]?.[0] ?? 0);
    return { text: n > 0 ? "Yes" : "No", values: [n > 0 ? "yes" : "no"] };
  }
  if (!rows.length) return { text: "No rows match the question.", values: [] };
  const values = rows.flat().slice(0, TRACE_LIMITS.values);
  const more = result.truncated ? " (more rows were cut)" : "";
  if (rows[0].length === 1) return { text: rows.map((r) => show(r[0])).join(", ") + more, values };
  return { text: rows.map((r) => r.map(show).join(" | ")).join("; ") + more, values };
}

/** Most cells of a result table an answer event carries (rows are cut first). */
const RESULT_CELLS = 2000;

/** The answer query's result as the answer event carries it: its columns and first rows, values as returned. */
export function resultTable(result: SqlResult): AnswerResultTable {
  const width = Math.max(1, result.columns.length);
  const keep = Math.min(TRACE_LIMITS.resultRows, Math.max(1, Math.floor(RESULT_CELLS / width)));
  const columns = result.columns.slice(0, TRACE_LIMITS.columns);
  const rows = result.rows.slice(0, keep).map((r) => r.slice(0, columns.length));
  return { columns, rows, rowCount: result.rows.length, cut: rows.length < result.rows.length };
}
