import type { TimeDimension } from "../../../model/semantic-model";
import type { DateFormat } from "../../../retrieval/sql/date-expr";
import { TIME_WORDS } from "../../lang/en/values";
import { YEAR_WORDS } from "../../lang/en/time";

/**
 * How a column writes its dates, which decides how a time phrase becomes SQL: ISO text (dates or
 * timestamps, compared as strings), other text ("Jan 1 2000", read through an ISO expression), or
 * year numbers (compared as numbers; only the year part exists).
 */
export type TimeStorage = { kind: "iso" } | { kind: "text"; format: DateFormat } | { kind: "year-number" };

/** What storage reads of a column (a range column or an answer column). */
export type StoredColumn = {
  type: string;
  words: readonly string[];
  numericText?: boolean;
  dateFormat?: DateFormat;
  /** The largest value (profile), when known. */
  max?: number | string | null;
  role?: string;
  /** A few of its values (profile examples). */
  examples?: readonly string[];
};

const ISO_LIKE = /^\d{4}-\d{2}(-\d{2})?([ T]\d{2}:\d{2}(:\d{2}(\.\d+)?)?Z?)?$/;

const PATTERN_FORMATS: Record<string, DateFormat> = {
  "MMM d yyyy": "mon-d-y",
  "d MMM yyyy": "d-mon-y",
  "M/d/yyyy": "m/d/y",
  "d/M/yyyy": "d/m/y",
  "yyyy/M/d": "y/m/d",
};

/** Whether a column holds dates a time phrase can constrain (any storage). */
export function holdsDates(c: StoredColumn): boolean {
  return timeStorageOf(c) !== null;
}

/**
 * The storage of a date column: the semantic model's time dimension when it has one for the
 * column (its storage and pattern), else what the column's type, date format and values say.
 * Null when the column holds no dates.
 */
export function timeStorageOf(c: StoredColumn, dimension?: TimeDimension | null): TimeStorage | null {
  if (dimension) {
    if (dimension.storage === "year-number") return { kind: "year-number" };
    if (dimension.storage === "text" && dimension.pattern && PATTERN_FORMATS[dimension.pattern])
      return { kind: "text", format: PATTERN_FORMATS[dimension.pattern] };
    if (dimension.storage === "iso-text" || dimension.storage === "date") return { kind: "iso" };
  }
  if (c.dateFormat && c.dateFormat !== "iso") return { kind: "text", format: c.dateFormat };
  if (c.type === "date" || c.dateFormat === "iso") return { kind: "iso" };
  const numeric = c.type === "integer" || c.type === "real" || !!c.numericText;
  const yearWord = c.words.some((w) => YEAR_WORDS.includes(w));
  if (numeric && (yearWord || (c.words.some((w) => TIME_WORDS.includes(w)) && typeof c.max === "number")))
    return typeof c.max !== "number" || (c.max >= 1000 && c.max <= 2200) ? { kind: "year-number" } : null;
  const isoValues = !!c.examples?.length && c.examples.every((e) => ISO_LIKE.test(e.trim()));
  if (c.type === "text" && (c.role === "date" || isoValues)) return { kind: "iso" };
  return null;
}
