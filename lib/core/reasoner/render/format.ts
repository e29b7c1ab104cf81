import { TRACE_LIMITS, type CellValue } from "../../trace/atoms";
import type { AnswerResultTable } from "../../trace/kinds-run";
import type { SqlResult } from "../../retrieval/ports";
import { isWrittenAsIs, type ResultRole } from "./result-roles";

/** Rows of a grouped answer named in its headline; the result table below holds them all. */
const HEADLINE_ROWS = 3;

function show(v: CellValue): string {
  if (v === null) return "(empty)";
  if (typeof v === "number") return Number.isInteger(v) ? String(v) : String(Number(v.toPrecision(10)));
  return String(v);
}

/**
 * The answer text and values from the answer query's rows: a yes/no from a count, a single value,
 * a list of values (a value repeated over rows said once, with how many rows hold it), or, for rows
 * of several columns, the first rows in the headline — names first, then their amounts — with the
 * rest left to the result table.
 */
export function formatAnswer(
  result: SqlResult,
  operation: string,
  roles: readonly ResultRole[] = [],
): { text: string; values: CellValue[] } {
  const rows = result.rows;
  if (operation === "yes-no") {
    const n = Number(rows[0]?.[0] ?? 0);
    return { text: n > 0 ? "Yes" : "No", values: [n > 0 ? "yes" : "no"] };
  }
  if (!rows.length) return { text: "No rows match the question.", values: [] };
  const more = result.truncated ? " (more rows were cut)" : "";
  if (rows[0].length === 1)
    return distinctList(
      rows.map((r) => r[0]),
      more,
    );
  const values = rows.flat().slice(0, TRACE_LIMITS.values);
  if (rows.length === 1) return { text: rows[0].map(show).join(" | ") + more, values };
  const head = rows.slice(0, HEADLINE_ROWS).map((r) => groupedRow(r, roles));
  const rest = rows.length - head.length;
  const tail = rest > 0 ? `; and ${rest} more ${rest === 1 ? "row" : "rows"}` : "";
  return { text: head.join("; ") + tail + more, values };
}

/** A one-column list in words: each value once, in first-seen order, "(× n)" after one that n rows hold. */
function distinctList(cells: CellValue[], more: string): { text: string; values: CellValue[] } {
  const counts = new Map<string, { value: CellValue; n: number }>();
  for (const v of cells) {
    const key = JSON.stringify(v);
    const seen = counts.get(key);
    if (seen) seen.n++;
    else counts.set(key, { value: v, n: 1 });
  }
  const distinct = [...counts.values()];
  // The values stay every row's (what scoring and the result table read); only the words fold repeats.
  const values = cells.slice(0, TRACE_LIMITS.values);
  if (distinct.length === cells.length) return { text: cells.map(show).join(", ") + more, values };
  if (distinct.length === 1) return { text: `${show(distinct[0].value)} (all ${cells.length} rows)${more}`, values };
  return {
    text: distinct.map((d) => (d.n > 1 ? `${show(d.value)} (× ${d.n})` : show(d.value))).join(", ") + more,
    values,
  };
}

/** One row of a grouped answer: its names (labels, categories, dates), then ": " and its amounts. */
function groupedRow(row: CellValue[], roles: readonly ResultRole[]): string {
  const at = row.map((_, i) => i);
  const measures = at.filter((i) => roles[i] === "measure");
  const names = at.filter((i) => roles[i] !== undefined && roles[i] !== "measure");
  // Without roles (older callers) every cell is a name: "a | b" as before.
  if (!measures.length || !names.length) return row.map(show).join(" | ");
  // An identifier beside a name is noise in a headline; alone it is the name.
  const worded = names.filter((i) => roles[i] === "date" || !isWrittenAsIs(roles[i]));
  const shown = (worded.length ? worded : names).map((i) => show(row[i]));
  return `${shown.join(" · ")}: ${measures.map((i) => show(row[i])).join(", ")}`;
}

/** Most cells of a result table an answer event carries (rows are cut first). */
const RESULT_CELLS = 2000;

/** The answer query's result as the answer event carries it: its columns and first rows, values as returned. */
export function resultTable(result: SqlResult, roles?: readonly ResultRole[]): AnswerResultTable {
  const width = Math.max(1, result.columns.length);
  const keep = Math.min(TRACE_LIMITS.resultRows, Math.max(1, Math.floor(RESULT_CELLS / width)));
  const columns = result.columns.slice(0, TRACE_LIMITS.columns);
  const rows = result.rows.slice(0, keep).map((r) => r.slice(0, columns.length));
  return {
    columns,
    rows,
    rowCount: result.rows.length,
    cut: rows.length < result.rows.length,
    ...(roles?.length ? { roles: roles.slice(0, columns.length) } : {}),
  };
}
