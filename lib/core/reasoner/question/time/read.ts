import type { DateMention } from "../../../retrieval/types";
import {
  CENTURY,
  COUNTED_PERIOD,
  DECADE,
  MAY_AS_MONTH,
  MONTH_END,
  POSITION_NOT_PERIOD,
  RANGE_JOINER,
  RANGE_OPENER,
  RELATIVE_WORDS,
  TIME_AFTER,
  TIME_BEFORE,
  TIME_SINCE,
  TIME_UNTIL,
  WEEKDAY,
  WEEKEND,
} from "../../lang/en/time";
import { addDays, intervalMention } from "./interval";
import { recognizeTime, type RecognizedTime, type TimeValue } from "./recognizer";

/**
 * The time step of the question parser: every time phrase of the question as a typed interval
 * ("in March 2011" → [2011-03-01, 2011-04-01)), an open bound ("since 2003"), a recurring date
 * part ("in May" → month 5, "on weekends", "on New Year's Day") or a period relative to the data's
 * last date ("in the past 3 months"), read by the recognizer (recognizer.ts) plus what it does not
 * read (decades, centuries, weekends, month ends, "between 2012 and 2015" as one range).
 */

/** The reference day the question is read against; relative phrases are read again against the data's. */
const PARSE_REFERENCE = "2000-06-15";

/** A mention with where it stands in the question. */
type Placed = { at: number; to: number; mention: DateMention };

const MONTH_ONLY = /^XXXX-(\d{2})$/;
const MONTH_DAY = /^XXXX-(\d{2})-(\d{2})$/;
const WEEKDAY_TIMEX = /^XXXX-WXX-(\d)$/;
const DAY_RANGE = /^\(XXXX-(\d{2})-(\d{2}),XXXX-(\d{2})-(\d{2}),P\d+D\)$/;
const HOUR_TIMEX = /^T(\d{2})/;

function contextBefore(question: string, at: number): string {
  return question
    .slice(Math.max(0, at - 48), at)
    .toLowerCase()
    .split(/\s+/)
    .filter(Boolean)
    .slice(-5)
    .join(" ");
}

/** Month-day numbers (month × 100 + day) of a span of days within one year, at most 40. */
function monthDays(from: [number, number], to: [number, number]): number[] {
  const out: number[] = [];
  let day = `2000-${String(from[0]).padStart(2, "0")}-${String(from[1]).padStart(2, "0")}`;
  const last = `2000-${String(to[0]).padStart(2, "0")}-${String(to[1]).padStart(2, "0")}`;
  while (day <= last && out.length < 40) {
    out.push(Number(day.slice(5, 7)) * 100 + Number(day.slice(8, 10)));
    day = addDays(day, 1);
  }
  return out;
}

/** The resolution that fits the years the phrase writes out (a year-less timex resolves twice). */
function pick(r: RecognizedTime): TimeValue | null {
  const years = r.text.match(/\b(1[5-9]\d\d|20\d\d)\b/g) ?? [];
  if (!years.length) return r.values[0] ?? null;
  return r.values.find((v) => years.some((y) => (v.start ?? v.value ?? "").startsWith(y))) ?? r.values[0] ?? null;
}

/** One recognized phrase as a mention, or null when it names no date a table can hold. */
function fromRecognized(question: string, r: RecognizedTime): DateMention | null {
  const v = pick(r);
  if (!v?.timex && !v?.start && !v?.end) return null;
  const text = question.slice(r.start, r.end);
  const context = contextBefore(question, r.start);
  const timex = v.timex ?? "";
  const part = (unit: NonNullable<DateMention["part"]>["unit"], values: number[]): DateMention => ({
    value: "",
    comparator: "=",
    text,
    context,
    part: { unit, values },
  });
  // A lower-case "may" is the verb unless a date word leads into it.
  if (/^may$/.test(text) && !MAY_AS_MONTH.test(question.slice(0, r.start))) return null;
  let m = MONTH_ONLY.exec(timex);
  // "March Smith": a month name before a capitalised word is a name, not a month.
  if (m && /^\s+\p{Lu}/u.test(question.slice(r.end)) && !/^\s+\d/.test(question.slice(r.end))) return null;
  if (m && !v.mod) return part("month", [Number(m[1])]);
  m = MONTH_DAY.exec(timex);
  if (m && !v.mod) return part("month-day", [Number(m[1]) * 100 + Number(m[2])]);
  m = WEEKDAY_TIMEX.exec(timex);
  if (m && !v.mod) return part("weekday", [Number(m[1]) % 7]);
  m = DAY_RANGE.exec(timex);
  if (m) return part("month-day", monthDays([+m[1], +m[2]], [+m[3], +m[4]]));
  if ((r.type === "time" || r.type === "timerange") && !v.mod) {
    const from = HOUR_TIMEX.exec(timex)?.[1] ?? v.start?.slice(0, 2) ?? v.value?.slice(0, 2);
    const to = v.end?.slice(0, 2);
    if (!from) return null;
    const hours = to ? Array.from({ length: Math.max(1, +to - +from) }, (_, i) => +from + i) : [+from];
    return part("hour", hours);
  }
  if (r.type !== "date" && r.type !== "daterange" && r.type !== "datetime" && r.type !== "datetimerange") return null;
  const writesYear = /\b(1[5-9]\d\d|20\d\d)\b|\d{1,2}\/\d{1,2}\/\d{2,4}/.test(text);
  // "the first week of January 2018": a year-less timex the written year places (pick chose its value).
  if (timex.startsWith("XXXX") && writesYear && !v.mod) {
    const year = /\b(1[5-9]\d\d|20\d\d)\b/.exec(text)?.[1];
    const again = year ? recognizeTime(text, `${year}-06-15`)[0] : undefined;
    const w = again?.values.find((x) => x.start?.startsWith(year!));
    return w?.start && w.end ? intervalMention(w.start, w.end, text, context) : null;
  }
  if (timex.startsWith("XXXX") || v.mod === "start" || v.mod === "end" || /-(SU|WI|FA|SP)$/.test(timex)) return null;
  const relative = !writesYear;
  // "the year" in "month of the year" names no year: a relative phrase needs a relative word.
  if (relative && !RELATIVE_WORDS.test(text)) return null;
  // "the last year where …" picks a row by its order; "the last 3 years" is still a period.
  if (relative && POSITION_NOT_PERIOD.test(question.slice(0, r.start)) && !COUNTED_PERIOD.test(text)) return null;
  const extra = relative ? { relative: true } : {};
  const day = v.value && /^\d{4}-\d{2}-\d{2}$/.test(v.value) ? v.value : null;
  if (v.mod === "before" || v.mod === "until")
    return intervalMention(undefined, v.end ?? day ?? undefined, text, context, extra);
  if (v.mod === "after")
    return intervalMention(v.start ?? (day ? addDays(day, 1) : undefined), undefined, text, context, extra);
  if (v.mod === "since") return intervalMention(v.start ?? day ?? undefined, undefined, text, context, extra);
  if (v.mod) return null;
  if (day) return intervalMention(day, addDays(day, 1), text, context, extra);
  // "from March 3 to May 5, 2012": a span of days written with its two ends holds the last one too.
  const endsWritten = /^\(.*,P\d+D\)$/.test(timex) && /\b(?:to|through|thru|and|until|till)\b|[-–]/i.test(text);
  if (v.start && v.end) return intervalMention(v.start, endsWritten ? addDays(v.end, 1) : v.end, text, context, extra);
  return null;
}

/** Phrases the recognizer leaves out: decades, centuries, weekends, weekdays, month ends. */
function ownPhrases(question: string): Placed[] {
  const out: Placed[] = [];
  const at = (re: RegExp, make: (m: RegExpExecArray) => DateMention | null) => {
    for (const m of question.matchAll(new RegExp(re.source, re.flags.includes("g") ? re.flags : `${re.flags}g`))) {
      const mention = make(m as RegExpExecArray);
      if (mention && m.index !== undefined) out.push({ at: m.index, to: m.index + m[0].length, mention });
    }
  };
  at(DECADE, (m) => {
    const first = Number(m[1]) * 10;
    return intervalMention(`${first}-01-01`, `${first + 10}-01-01`, m[0], contextBefore(question, m.index ?? 0));
  });
  at(CENTURY, (m) => {
    const first = (Number(m[1]) - 1) * 100;
    return intervalMention(`${first}-01-01`, `${first + 100}-01-01`, m[0], contextBefore(question, m.index ?? 0));
  });
  const part = (unit: NonNullable<DateMention["part"]>["unit"], values: number[]) => (m: RegExpExecArray) => ({
    value: "",
    comparator: "=" as const,
    text: m[0],
    context: contextBefore(question, m.index ?? 0),
    part: { unit, values },
  });
  at(WEEKEND, part("weekday", [0, 6]));
  at(WEEKDAY, part("weekday", [1, 2, 3, 4, 5]));
  at(MONTH_END, part("month-end", [1]));
  return out;
}

/** Two interval mentions joined by "and"/"to" after "between"/"from" (or by "to"/"through") are one range. */
function joinRanges(question: string, placed: Placed[]): Placed[] {
  const out: Placed[] = [];
  for (let i = 0; i < placed.length; i++) {
    const [a, b] = [placed[i], placed[i + 1]];
    const gap = b ? question.slice(a.to, b.at) : "";
    const opened = RANGE_OPENER.test(question.slice(0, a.at));
    const bothIntervals = b && a.mention.start && a.mention.end && b.mention.start && b.mention.end;
    if (bothIntervals && RANGE_JOINER.test(gap) && (opened || !/^\s*and\s*$/i.test(gap))) {
      const at = opened ? question.slice(0, a.at).search(/\b(?:between|from)\s*$/i) : a.at;
      const text = question.slice(a.at, b.to);
      const mention = intervalMention(a.mention.start, b.mention.end, text, a.mention.context, {
        ...(a.mention.relative || b.mention.relative ? { relative: true } : {}),
      });
      // Whole years keep their years ("between 2012 and 2015" → 2012 … 2015), other spans their days.
      const years = a.mention.grain === "year" && b.mention.grain === "year";
      const [value, upper] = years
        ? [a.mention.value, b.mention.value]
        : [a.mention.start!, addDays(b.mention.end!, -1)];
      out.push({ at: Math.max(0, at), to: b.to, mention: { ...mention, comparator: "between", value, upper } });
      i++;
      continue;
    }
    out.push(a);
  }
  return out;
}

/** A bound the recognizer left as an interval: "before 2010" it reads, "earlier than 2010" it may not. */
function boundByWords(question: string, p: Placed): Placed {
  const m = p.mention;
  if (!m.start || !m.end || m.comparator === "between" || m.part) return p;
  const before = question.slice(0, p.at);
  const bound = (start: string | undefined, end: string | undefined) => ({
    ...p,
    mention: intervalMention(start, end, m.text, m.context, pickExtra(m)),
  });
  if (TIME_BEFORE.test(before)) return bound(undefined, m.start);
  if (TIME_UNTIL.test(before)) return bound(undefined, m.end);
  if (TIME_AFTER.test(before)) return bound(m.end, undefined);
  if (TIME_SINCE.test(before)) return bound(m.start, undefined);
  return p;
}

const pickExtra = (m: DateMention): Partial<DateMention> => (m.relative ? { relative: true } : {});

/** Every time phrase of the question, in order (see the file comment). */
export function readTimeMentions(question: string, reference = PARSE_REFERENCE): DateMention[] {
  const own = ownPhrases(question);
  const recognized: Placed[] = [];
  for (const r of recognizeTime(question, reference)) {
    if (own.some((o) => o.at < r.end && r.start < o.to)) continue;
    const mention = fromRecognized(question, r);
    if (mention) recognized.push({ at: r.start, to: r.end, mention });
  }
  const placed = [...own, ...recognized].sort((a, b) => a.at - b.at);
  return joinRanges(question, placed).map((p) => boundByWords(question, p).mention);
}
