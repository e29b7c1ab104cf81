import type { AnswerResultTable, CellValue } from "@/lib/core/trace";

/** One bar: its label as the result wrote it and its measure. */
export interface Bar {
  label: string;
  value: number;
}

/** A bar chart of a grouped answer: one bar per result row, in the result's order. */
export interface BarChart {
  kind: "bar";
  /** Result column names, as the query returned them. */
  labelColumn: string;
  measureColumn: string;
  bars: Bar[];
}

const isMeasure = (values: CellValue[]) =>
  values.some((v) => typeof v === "number") && values.every((v) => v === null || typeof v === "number");

/** A label as written: text as it is, numbers as the engine returned them, null as "null". */
export function labelText(value: CellValue): string {
  return value === null ? "null" : String(value);
}

/**
 * The chart a result suits, or null: a grouped answer (two columns, one of labels and one of
 * numbers, at least two rows, every label once) becomes bars. When both columns are numbers the
 * last is the measure (a count or sum per key). Rows whose measure is null are left out.
 */
export function chartOf(result: AnswerResultTable | undefined): BarChart | null {
  if (result?.columns.length !== 2 || result.rows.length < 2) return null;
  const column = (i: number) => result.rows.map((r) => r[i] ?? null);
  const measure = isMeasure(column(1)) ? 1 : isMeasure(column(0)) ? 0 : -1;
  if (measure < 0) return null;
  const label = 1 - measure;
  const labels = column(label).map(labelText);
  if (new Set(labels).size !== labels.length) return null;
  const bars = result.rows
    .map((r, i) => ({ label: labels[i], value: r[measure] }))
    .filter((b): b is Bar => typeof b.value === "number" && Number.isFinite(b.value));
  if (bars.length < 2) return null;
  return { kind: "bar", labelColumn: result.columns[label], measureColumn: result.columns[measure], bars };
}
