import type { AnswerResultTable, CellValue } from "@/lib/core/trace";
import { type DatePart, datePartLine } from "./date-part-line";

/** One bar: its label as the result wrote it and its measure. */
export interface Bar {
  label: string;
  value: number;
}

/** A bar chart of a grouped answer: one bar per result row, largest first. */
export interface BarChart {
  kind: "bar";
  /** Result column names, as the query returned them. */
  labelColumn: string;
  measureColumn: string;
  bars: Bar[];
}

/** One point of a line: the date as written, its time (ms since 1970, for the axis) and its measure. */
export interface LinePoint {
  date: string;
  time: number;
  value: number;
}

/**
 * A measure by date: one point per row, in date order, joined by a line. With `part` (a month, a
 * weekday… of any year), `time` is the part's number and the points stand in its order, not on a time axis.
 */
export interface LineChart {
  kind: "line";
  dateColumn: string;
  measureColumn: string;
  points: LinePoint[];
  part?: Exclude<DatePart, "year">;
}

/** One point of a scatter: two measures, and the row's label when the result has one. */
export interface ScatterPoint {
  x: number;
  y: number;
  label?: string;
}

/** Two measures against each other: one dot per row. */
export interface ScatterChart {
  kind: "scatter";
  xColumn: string;
  yColumn: string;
  labelColumn?: string;
  points: ScatterPoint[];
}

export type ResultChart = BarChart | LineChart | ScatterChart;

/** What is known of the query that gave the result (an answer's or the SQL box's statement). */
export interface ChartContext {
  sql?: string;
}

/** Fewest rows a scatter is drawn for: two dots say nothing two numbers do not. */
const MIN_SCATTER_POINTS = 3;

const isMeasure = (values: CellValue[]) =>
  values.some((v) => typeof v === "number") && values.every((v) => v === null || typeof v === "number");

// ISO 8601 dates as engines write them: 2024-03, 2024-03-05, 2024-03-05 10:00[:00[.000]][Z|±hh:mm].
const ISO_DATE = /^\d{4}-\d{2}(-\d{2}([T ]\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?)?)?$/;

/** The time of a date written in ISO form (a month is its first day), or null for anything else. */
export function dateTime(value: CellValue): number | null {
  if (typeof value !== "string" || !ISO_DATE.test(value)) return null;
  const text = value.length === 7 ? `${value}-01` : value.replace(" ", "T");
  const time = Date.parse(text);
  return Number.isFinite(time) ? time : null;
}

const isDateColumn = (values: CellValue[]) =>
  values.some((v) => v !== null) && values.every((v) => v === null || dateTime(v) !== null);

/** A label as written: text as it is, numbers as the engine returned them, null as "null". */
export function labelText(value: CellValue): string {
  return value === null ? "null" : String(value);
}

const groups = (sql: string | undefined) => (sql === undefined ? undefined : /\bGROUP\s+BY\b/i.test(sql));
const finite = (v: CellValue): v is number => typeof v === "number" && Number.isFinite(v);

/**
 * The chart a result suits, or null. Two columns: a measure by date becomes a line (in date order),
 * and so does a measure by a part of a date ("orders per month": months in their order, date-part-line.ts),
 * a measure by label becomes bars (a grouped answer: every label once, in the result's order; when
 * both columns are numbers of a grouping query, the last is the measure, a count per key); two
 * measures of rows that are not groups become a scatter. Three columns of one label and two
 * measures are a scatter of the two, each dot named by its label. Rows missing a value are left out.
 */
export function chartOf(result: AnswerResultTable | undefined, context: ChartContext = {}): ResultChart | null {
  if (!result || result.rows.length < 2) return null;
  const named = withoutKeys(result);
  if (named !== result) return chartOf(named, context);
  const years = yearLine(result) ?? datePartLine(result);
  if (years) return years;
  const column = (i: number) => result.rows.map((r) => r[i] ?? null);
  if (result.columns.length === 3) return labelledScatter(result, column);
  if (result.columns.length !== 2) return null;
  const [first, second] = [column(0), column(1)];
  if (isMeasure(second) && isDateColumn(first)) return lineOf(result, 0, 1);
  if (isMeasure(first) && isDateColumn(second)) return lineOf(result, 1, 0);
  if (isMeasure(first) && isMeasure(second)) {
    const grouped = groups(context.sql);
    const distinct = new Set(first.map(labelText)).size === first.length;
    if (grouped === false || (grouped === undefined && !distinct)) return scatterOf(result, 0, 1);
  }
  return barsOf(result, column);
}

const KEY_ROLES = new Set(["identifier", "reference", "code"]);

/**
 * The result without its key columns when the answer event marks some and a name or amount is left to
 * chart ([category_id, category_name, count] → bars of count by name); the result itself otherwise.
 */
function withoutKeys(result: AnswerResultTable): AnswerResultTable {
  const roles = result.roles;
  if (!roles || roles.length !== result.columns.length) return result;
  const keep = roles.map((r, i) => (KEY_ROLES.has(r) ? -1 : i)).filter((i) => i >= 0);
  if (keep.length === roles.length || keep.length < 2) return result;
  return {
    ...result,
    columns: keep.map((i) => result.columns[i]),
    rows: result.rows.map((r) => keep.map((i) => r[i] ?? null)),
    roles: keep.map((i) => roles[i]),
  };
}

/** Whole years (1000–2999) of a column the answer event marks a date: a measure per year is a line. */
function yearLine(result: AnswerResultTable): LineChart | null {
  if (result.columns.length !== 2 || !result.roles) return null;
  const date = result.roles.indexOf("date");
  const measure = 1 - date;
  if (date < 0 || result.roles[measure] !== "measure") return null;
  const points = result.rows
    .map((r) => ({ year: r[date], value: r[measure] }))
    .filter((p): p is { year: number; value: number } => Number.isInteger(p.year) && finite(p.value ?? null))
    .filter((p) => p.year >= 1000 && p.year <= 2999)
    .map((p) => ({ date: String(p.year), time: Date.UTC(p.year, 0, 1), value: p.value }))
    .sort((a, b) => a.time - b.time);
  if (points.length < 2 || points.length !== result.rows.length) return null;
  return { kind: "line", dateColumn: result.columns[date], measureColumn: result.columns[measure], points };
}

function barsOf(result: AnswerResultTable, column: (i: number) => CellValue[]): BarChart | null {
  const measure = isMeasure(column(1)) ? 1 : isMeasure(column(0)) ? 0 : -1;
  if (measure < 0) return null;
  const label = 1 - measure;
  const labels = column(label).map(labelText);
  if (new Set(labels).size !== labels.length) return null;
  const bars = result.rows
    .map((r, i) => ({ label: labels[i], value: r[measure] }))
    .filter((b): b is Bar => finite(b.value))
    // Largest first: the order a reader compares bars in (the table below keeps the result's order).
    .sort((a, b) => b.value - a.value);
  if (bars.length < 2) return null;
  return { kind: "bar", labelColumn: result.columns[label], measureColumn: result.columns[measure], bars };
}

function lineOf(result: AnswerResultTable, date: number, measure: number): LineChart | null {
  const points = result.rows
    .map((r) => ({ date: r[date], time: dateTime(r[date] ?? null), value: r[measure] }))
    .filter((p): p is LinePoint => typeof p.date === "string" && p.time !== null && finite(p.value ?? null))
    .sort((a, b) => a.time - b.time);
  if (points.length < 2 || new Set(points.map((p) => p.time)).size !== points.length) return null;
  return { kind: "line", dateColumn: result.columns[date], measureColumn: result.columns[measure], points };
}

function scatterOf(result: AnswerResultTable, x: number, y: number, label?: number): ScatterChart | null {
  const points = result.rows
    .map((r) => ({ x: r[x], y: r[y], ...(label === undefined ? {} : { label: labelText(r[label] ?? null) }) }))
    .filter((p): p is ScatterPoint => finite(p.x ?? null) && finite(p.y ?? null));
  if (points.length < MIN_SCATTER_POINTS) return null;
  return {
    kind: "scatter",
    xColumn: result.columns[x],
    yColumn: result.columns[y],
    ...(label === undefined ? {} : { labelColumn: result.columns[label] }),
    points,
  };
}

function labelledScatter(result: AnswerResultTable, column: (i: number) => CellValue[]): ScatterChart | null {
  const measures = [0, 1, 2].filter((i) => isMeasure(column(i)));
  if (measures.length !== 2) return null;
  const label = [0, 1, 2].find((i) => !measures.includes(i))!;
  return scatterOf(result, measures[0], measures[1], label);
}
