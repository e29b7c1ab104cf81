import type { Comparator } from "../../../trace/atoms";
import type { DateMention } from "../../../retrieval/types";
import { MONTHS } from "../../lang/en/lexicon";
import { isYearToken } from "./numbers";
import type { Token } from "./tokens";
import { HOLIDAYS, DATE_AFTER, DATE_SINCE, DATE_BEFORE, DATE_BY, DATE_RANGE_LEAD } from "../../lang/en/dates";

const pad = (n: number) => String(n).padStart(2, "0");

/** The comparator a date phrase starts with: "after 2015" → >, "before" → <, "since" → ≥. */
function dateComparator(before: string): Comparator {
  const t = before.trimEnd();
  if (DATE_AFTER.test(t)) return ">";
  if (DATE_SINCE.test(t)) return ">=";
  if (DATE_BEFORE.test(t)) return "<";
  if (DATE_BY.test(t)) return "<=";
  return "=";
}

/** Month name at token i (and a day/year around it) as an ISO prefix, or null. */
function monthDate(tokens: Token[], i: number): { value: string; from: number; to: number } | null {
  const month = MONTHS[tokens[i].lower];
  if (!month || (tokens[i].lower === "may" && !/^\d/.test(tokens[i + 1]?.text ?? ""))) return null;
  const next = tokens[i + 1];
  const after = tokens[i + 2];
  const prev = tokens[i - 1];
  // "March 2, 2015" / "March 2nd, 2015" / "March 2015" / "2 March 2015"
  const day = (t: Token | undefined) =>
    t && /^\d{1,2}(?:st|nd|rd|th)?$/i.test(t.text) ? Number.parseInt(t.text, 10) : null;
  if (next && day(next) !== null && after && isYearToken(after))
    return { value: `${after.text}-${pad(month)}-${pad(day(next)!)}`, from: i, to: i + 2 };
  if (next && isYearToken(next)) {
    if (day(prev) !== null) return { value: `${next.text}-${pad(month)}-${pad(day(prev)!)}`, from: i - 1, to: i + 1 };
    return { value: `${next.text}-${pad(month)}`, from: i, to: i + 1 };
  }
  return null;
}

/** "Christmas Day 2013", "New Year's Eve 2014": a named day and the year after it, as an ISO date. */
function holidayDate(question: string, tokens: Token[], i: number): { value: string; from: number; to: number } | null {
  for (let n = 1; n <= 4 && i + n < tokens.length; n++) {
    const year = tokens[i + n];
    if (!isYearToken(year)) continue;
    const words = question
      .slice(tokens[i].start, tokens[i + n - 1].end)
      .toLowerCase()
      .replace(/[’]/g, "'");
    const hit = HOLIDAYS.find(([re]) => re.test(words));
    if (hit) return { value: `${year.text}-${pad(hit[1])}-${pad(hit[2])}`, from: i, to: i + n };
  }
  return null;
}

/** An explicit date token ("2015-03-02", "2015/3/2", "3/2/2015"), as ISO. */
function isoToken(t: Token): string | null {
  let m = /^(\d{4})[-/](\d{1,2})[-/](\d{1,2})$/.exec(t.text);
  if (m) return `${m[1]}-${pad(Number(m[2]))}-${pad(Number(m[3]))}`;
  m = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(t.text);
  if (m) return `${m[3]}-${pad(Number(m[1]))}-${pad(Number(m[2]))}`;
  return null;
}

/**
 * Dates and years of the question with their comparators ("after 2015" → > 2015, "between 2010
 * and 2015", "in March 2015" → = 2015-03). Values are ISO dates or prefixes of them.
 */
export function parseDates(question: string, tokens: Token[]): DateMention[] {
  const lower = question.toLowerCase();
  const out: DateMention[] = [];
  const used = new Set<number>();
  for (const t of tokens) {
    if (used.has(t.index) || t.quoted) continue;
    const month = monthDate(tokens, t.index) ?? holidayDate(question, tokens, t.index);
    const iso = isoToken(t);
    const year = isYearToken(t) ? t.text : null;
    const found =
      month ??
      (iso ? { value: iso, from: t.index, to: t.index } : year ? { value: year, from: t.index, to: t.index } : null);
    if (!found) continue;
    for (let k = found.from; k <= found.to; k++) used.add(k);
    const start = tokens[found.from].start;
    const before = lower.slice(Math.max(0, start - 24), start);
    const context = tokens
      .slice(Math.max(0, found.from - 5), found.from)
      .map((x) => x.lower)
      .join(" ");
    // "between 2010 and 2015", "from 2010 to 2015"
    const partner = tokens[found.to + 2];
    const joiner = tokens[found.to + 1]?.lower;
    if (
      DATE_RANGE_LEAD.test(before) &&
      (joiner === "and" || joiner === "to") &&
      partner &&
      (isYearToken(partner) || isoToken(partner))
    ) {
      used.add(partner.index);
      const upper = isoToken(partner) ?? partner.text;
      out.push({ value: found.value, upper, comparator: "between", text: question.slice(start, partner.end), context });
      continue;
    }
    out.push({
      value: found.value,
      comparator: dateComparator(before),
      text: question.slice(start, tokens[found.to].end),
      context,
    });
  }
  return out;
}
