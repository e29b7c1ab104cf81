import type { TimeDimension, TimeGrain } from "../../model/semantic-model";
import { DATE_WORDS } from "../../reasoner/lang/en/column-roles";
import type { ColumnView } from "./input";
import { dateFormatOf } from "./date-patterns";

/**
 * A date column and its grain (MetricFlow's time dimension with `time_granularity`): a typed date, ISO
 * text, text in another pattern ("Jan 1 2000"), or a year number; written per day, per second, or as
 * the first or last day of a month (a month's figure).
 */

const ISO = /^(\d{4})-(\d{2})(?:-(\d{2}))?(?:[ T](\d{2}):(\d{2})(?::(\d{2}))?(?:\.\d+)?Z?)?$/;
const YEAR_WORDS = new Set(["year", "yr", "season"]);

const lastDay = (y: number, m: number) => new Date(Date.UTC(y, m, 0)).getUTCDate();

/**
 * The grain of ISO-written dates: seconds or minutes when a time is written, a month when every day
 * is a month's first or last.
 */
function isoGrain(values: readonly string[]): { grain: TimeGrain; monthEnd: boolean; zeros: boolean; why: string } {
  const parts = values.map((v) => ISO.exec(v)).filter((m): m is RegExpExecArray => !!m);
  const zeros = parts.some((m) => m[2] === "00" || m[3] === "00");
  const timed = parts.filter((m) => m[4] !== undefined && `${m[4]}${m[5]}${m[6] ?? "00"}` !== "000000");
  if (timed.length) {
    const seconds = timed.some((m) => m[6] !== undefined && m[6] !== "00");
    return { grain: seconds ? "second" : "minute", monthEnd: false, zeros, why: "written with a time of day" };
  }
  const days = parts.filter((m) => m[3] !== undefined && m[2] !== "00" && m[3] !== "00");
  if (parts.some((m) => m[3] === undefined))
    return { grain: "month", monthEnd: false, zeros, why: "written as year-month" };
  if (days.length >= 3 && days.every((m) => m[3] === "01"))
    return { grain: "month", monthEnd: false, zeros, why: "every date the first of its month" };
  if (
    days.length >= 3 &&
    new Set(days.map((m) => m[2])).size >= 2 &&
    days.every((m) => Number(m[3]) === lastDay(Number(m[1]), Number(m[2])))
  )
    return { grain: "month", monthEnd: true, zeros, why: "every date the last day of its month" };
  return { grain: "day", monthEnd: false, zeros, why: "written per day" };
}

/** Grain of dates written another way, read through their ISO form's day. */
function patternGrain(values: readonly string[]): TimeGrain {
  const days = values.map((v) => /(?:^|\D)(\d{1,2})(?:\D|$)/.exec(v)?.[1]).filter(Boolean);
  return days.length >= 3 && days.every((d) => Number(d) === 1) ? "month" : "day";
}

/** The time dimension a column is, or null. `isDateRole` says whether its role was read as a date. */
export function inferTimeDimension(c: ColumnView, isDateRole: boolean): TimeDimension | null {
  const base = { column: c.column, origin: "inferred" as const };
  // How the cells are written: the sampled values as stored when the index run has them (a profile
  // writes dates as ISO whatever the cells say), else the profile's examples.
  const written = (c.values ?? []).map((v) => v.trim()).filter(Boolean);
  const values = written.length >= 2 ? written : c.examples;
  const yearNamed = c.words.some((w) => YEAR_WORDS.has(w));
  if (c.type === "integer" || (c.type === "real" && yearNamed)) {
    const { min, max } = c.profile ?? {};
    const years = typeof min === "number" && typeof max === "number" && min >= 1000 && max <= 2200;
    if (!years || !(yearNamed || (isDateRole && c.words.some((w) => DATE_WORDS.has(w))))) return null;
    return {
      ...base,
      grain: "year",
      storage: "year-number",
      monthEnd: false,
      confidence: yearNamed ? 0.9 : 0.7,
      evidence: `whole numbers ${min}–${max}${yearNamed ? ", named like a year" : ""}`,
    };
  }
  if (c.type !== "date" && c.type !== "text") return null;
  if (!values.length) return null;
  const iso = values.filter((v) => ISO.test(v));
  // A few cells may say the date is unknown ("not available"); most must be dates.
  if (iso.length >= 1 && iso.length / values.length >= 0.75) {
    const g = isoGrain(iso);
    return {
      ...base,
      grain: g.grain,
      storage: c.type === "date" ? "date" : "iso-text",
      monthEnd: g.monthEnd,
      confidence: g.zeros || iso.length < values.length ? 0.6 : c.type === "date" ? 0.95 : 0.85,
      evidence: [
        `${c.type === "date" ? "typed as dates" : "ISO dates as text"}, ${g.why}`,
        ...(g.zeros ? ["some written with 00 for an unknown month or day"] : []),
        ...(iso.length < values.length ? ["some cells not dates"] : []),
      ].join("; "),
    };
  }
  if (values.length < 2) return null;
  const format = dateFormatOf(values);
  if (!format || format === "iso") return null;
  return {
    ...base,
    grain: patternGrain(values),
    storage: "text",
    pattern: format,
    monthEnd: false,
    confidence: values.length >= 4 ? 0.85 : 0.65,
    evidence: `text dates written like "${values[0]}"`,
  };
}
