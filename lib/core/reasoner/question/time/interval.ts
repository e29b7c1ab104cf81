import type { DateMention } from "../../../retrieval/types";

/** ISO day arithmetic and the shape of an interval mention, shared by the time reader and its resolver. */

const pad = (n: number) => String(n).padStart(2, "0");

/** The ISO day `days` after `iso` (UTC arithmetic: no daylight-saving shifts). */
export function addDays(iso: string, days: number): string {
  const [y, m, d] = iso.slice(0, 10).split("-").map(Number);
  const t = new Date(Date.UTC(y, (m || 1) - 1, d || 1) + days * 86_400_000);
  return `${t.getUTCFullYear()}-${pad(t.getUTCMonth() + 1)}-${pad(t.getUTCDate())}`;
}

/** The grain of an interval [start, end): a calendar year, quarter, month or day, else a span ("week" for 7 days). */
function grainOf(start: string, end: string): DateMention["grain"] | undefined {
  const [y, m, d] = start.split("-").map(Number);
  if (end === addDays(start, 1)) return "day";
  if (end === addDays(start, 7)) return "week";
  if (d !== 1) return undefined;
  const next = (months: number) => {
    const t = new Date(Date.UTC(y, m - 1 + months, 1));
    return `${t.getUTCFullYear()}-${pad(t.getUTCMonth() + 1)}-01`;
  };
  if (m === 1 && end === next(12)) return "year";
  if ((m - 1) % 3 === 0 && end === next(3)) return "quarter";
  if (end === next(1)) return "month";
  return undefined;
}

/** The ISO prefix a calendar unit is written as ("2004", "2004-11", "2004-11-05"), else the start day. */
function prefixOf(start: string, grain: DateMention["grain"] | undefined): string {
  if (grain === "year") return start.slice(0, 4);
  if (grain === "month") return start.slice(0, 7);
  return start.slice(0, 10);
}

/**
 * A mention of the interval [start, end) (either may be open), with the older fields filled for the
 * readers of `value` / `comparator` / `upper`: one calendar unit is "=" its prefix, a span "between"
 * its first and last day, an open end "<" or "≥" its bound.
 */
export function intervalMention(
  start: string | undefined,
  end: string | undefined,
  text: string,
  context: string,
  extra: Partial<DateMention> = {},
): DateMention {
  const base = { text, context, ...(start ? { start } : {}), ...(end ? { end } : {}), ...extra };
  if (start && end) {
    const grain = grainOf(start, end);
    if (grain === "year" || grain === "month" || grain === "day")
      return { ...base, grain, value: prefixOf(start, grain), comparator: "=" };
    return { ...base, ...(grain ? { grain } : {}), value: start, comparator: "between", upper: addDays(end, -1) };
  }
  if (start) {
    const yearStart = /^\d{4}-01-01$/.test(start);
    return { ...base, value: yearStart ? start.slice(0, 4) : start, comparator: ">=" };
  }
  const bound = end ?? "";
  const yearEnd = /^\d{4}-01-01$/.test(bound);
  return { ...base, value: yearEnd ? bound.slice(0, 4) : bound, comparator: "<" };
}
