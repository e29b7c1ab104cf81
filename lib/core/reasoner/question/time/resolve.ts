import type { DateMention } from "../../../retrieval/types";
import { addDays, intervalMention } from "./interval";
import { readTimeMentions } from "./read";

/**
 * A relative mention ("last year", "in the past 3 months") read again against the data's last date
 * (`latest`, an ISO date: the date column's largest value), never the machine's clock. A period that
 * ends at the reference day ("the past 3 months") keeps that day. Null when there is no last date.
 */
export function resolveRelative(m: DateMention, latest: string | null | undefined): DateMention | null {
  if (!m.relative) return m;
  if (!latest || !/^\d{4}-\d{2}-\d{2}/.test(latest)) return null;
  const day = latest.slice(0, 10);
  const again = readTimeMentions(m.text, day)[0];
  if (!again || (!again.start && !again.end)) return null;
  if (again.end === day && again.start)
    return intervalMention(addDays(again.start, 1), addDays(day, 1), m.text, m.context);
  return { ...again, context: m.context, relative: false };
}
