import type { AnswerResultTable } from "@/lib/core/trace";
import type { LineChart, LinePoint } from "./chart";

/** A part of a date a result groups by: SQLite's strftime numbers (month 1–12, weekday 0 = Sunday, hour 0–23). */
export type DatePart = "year" | "quarter" | "month" | "day" | "weekday" | "hour";

const FORMATS: Record<string, DatePart> = { "%Y": "year", "%m": "month", "%d": "day", "%w": "weekday", "%H": "hour" };
const RANGE: Record<DatePart, [number, number]> = {
  year: [1000, 2999],
  quarter: [1, 4],
  month: [1, 12],
  day: [1, 31],
  weekday: [0, 6],
  hour: [0, 23],
};
const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];
const WEEKDAYS = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"];

/**
 * The date part a result column holds, read from the SQL that computed it (`CAST(strftime('%m', …)
 * AS INTEGER)`, the quarter's `(… + 2) / 3`) or from its name (`month`, `order_year`); null otherwise.
 */
export function datePartOf(column: string): DatePart | null {
  const format = /strftime\s*\(\s*'(%[YmdwH])'/i.exec(column)?.[1];
  if (format) return /\+\s*2\s*\)\s*\/\s*3/.test(column) && format === "%m" ? "quarter" : FORMATS[format];
  const named = /(?:^|[_\s])(year|quarter|month|weekday|hour)$/i.exec(column.trim())?.[1];
  return named ? (named.toLowerCase() as DatePart) : null;
}

/**
 * How a part column is named on the chart: "month of order_date" for the SQL that computed it
 * (`CAST(strftime('%m', T1."order_date") AS INTEGER)`), the column's own name otherwise.
 */
export function partColumnName(column: string, part: DatePart): string {
  const of = /strftime\s*\(\s*'%[YmdwH]'\s*,\s*(?:"?\w+"?\s*\.\s*)?"?([^"()]+?)"?\s*\)/i.exec(column)?.[1];
  return of ? `${part} of ${of}` : column;
}

/** A part's number as a reader says it: "Mar", "Q2", "Tue", "14:00", or the number itself. */
export function partLabel(part: DatePart, n: number): string {
  if (part === "month") return MONTHS[n - 1];
  if (part === "weekday") return WEEKDAYS[n];
  if (part === "quarter") return `Q${n}`;
  if (part === "hour") return `${String(n).padStart(2, "0")}:00`;
  return String(n);
}

/**
 * "Orders per month": a measure by a date part (two columns, one of the part's whole numbers, one
 * measure) as a line in the part's order, each point named as a reader says it. Years keep a time
 * axis; the other parts are points along their own order. Null when the result is not that.
 */
export function datePartLine(result: AnswerResultTable): LineChart | null {
  if (result.columns.length !== 2) return null;
  const p = result.columns.findIndex((c) => datePartOf(c) !== null);
  if (p < 0 || datePartOf(result.columns[1 - p]) !== null) return null;
  const part = datePartOf(result.columns[p])!;
  const [low, high] = RANGE[part];
  const measure = 1 - p;
  const points: LinePoint[] = [];
  for (const row of result.rows) {
    const n = row[p];
    const value = row[measure];
    if (typeof n !== "number" || !Number.isInteger(n) || n < low || n > high) return null;
    if (typeof value !== "number" || !Number.isFinite(value)) continue;
    points.push({ date: partLabel(part, n), time: part === "year" ? Date.UTC(n, 0, 1) : n, value });
  }
  points.sort((a, b) => a.time - b.time);
  if (points.length < 2 || new Set(points.map((x) => x.time)).size !== points.length) return null;
  return {
    kind: "line",
    dateColumn: partColumnName(result.columns[p], part),
    measureColumn: result.columns[measure],
    points,
    ...(part === "year" ? {} : { part }),
  };
}
