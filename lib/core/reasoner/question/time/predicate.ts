import type { DateMention, Predicate } from "../../../retrieval/types";
import { addDays } from "./interval";
import type { TimeStorage } from "./storage";

/** A bound at the start of a year or month written as its prefix ("2001", "2018-03"): it compares the same. */
function shortest(iso: string): string {
  if (/-01-01$/.test(iso)) return iso.slice(0, 4);
  if (/-01$/.test(iso)) return iso.slice(0, 7);
  return iso;
}

/** The last unit before an interval's end, kept with every time in it ("1999\uffff" sorts after "1999-12-31 23:00"). */
const lastOf = (end: string) =>
  `${shortest(end) === end ? addDays(end, -1) : shortest(addDays(end, -1)).slice(0, shortest(end).length)}\uffff`;

/** Years [first, last] an interval touches, for a column of year numbers. */
function yearsOf(m: DateMention): { first: number | null; last: number | null } {
  const first = m.start ? Number(m.start.slice(0, 4)) : null;
  const last = m.end ? Number(m.end.slice(0, 4)) - (/-01-01$/.test(m.end) ? 1 : 0) : null;
  return { first, last };
}

/**
 * A time mention as a predicate on a column of `storage`: an interval compares ISO dates (text in
 * another format is read through its ISO form by predicateSql), a part compares strftime's number
 * ("month" in (5)); year numbers take years only. Null when the column cannot hold what the mention
 * names (a month of a column of years) or the mention is relative and still unresolved.
 */
export function timePredicate(m: DateMention, storage: TimeStorage): Predicate | null {
  if (m.part) {
    if (storage.kind === "year-number") return m.part.unit === "year" ? { op: "in", values: m.part.values } : null;
    return { op: m.part.values.length === 1 ? "=" : "in", values: m.part.values, part: m.part.unit };
  }
  if (!m.start && !m.end) return null;
  if (storage.kind === "year-number") {
    const { first, last } = yearsOf(m);
    if (first !== null && last !== null)
      return first === last ? { op: "=", values: [first] } : { op: "between", values: [first, last] };
    if (first !== null) return { op: ">=", values: [first] };
    return last !== null ? { op: "<=", values: [last] } : null;
  }
  // One calendar unit reads as its prefix ("2004-11%"): what people write and what the readings show.
  if (m.comparator === "=" && m.start && m.end && (m.grain === "year" || m.grain === "month" || m.grain === "day"))
    return { op: "starts-with", values: [m.value] };
  if (m.start && m.end) return { op: "between", values: [shortest(m.start), lastOf(m.end)] };
  if (m.start) return { op: ">=", values: [shortest(m.start)] };
  return { op: "<", values: [shortest(m.end!)] };
}
