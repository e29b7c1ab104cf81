import { refKey } from "../../../model/column-ref";
import { stem } from "../../../retrieval/vocab";
import type { ColumnRange, DateMention, Predicate } from "../../../retrieval/types";
import { timePredicate } from "../time/predicate";
import { resolveRelative } from "../time/resolve";
import { timeStorageOf, type TimeStorage } from "../time/storage";
import { isDateLike, isNumeric, pickColumn } from "./attach";
import type { RangeColumn } from "./step";

/** The predicate of a date mention the time step did not type (a bare year or ISO prefix), as before it. */
function legacyPredicate(d: DateMention, column: RangeColumn): Predicate {
  const year = /^\d{4}$/.test(d.value);
  if (isNumeric(column) && year) {
    const v = Number(d.value);
    if (d.comparator === "between") return { op: "between", values: [v, Number(d.upper ?? d.value)] };
    return { op: d.comparator, values: [v] };
  }
  const next = year ? String(Number(d.value) + 1) : d.value;
  switch (d.comparator) {
    case "=":
      return { op: "starts-with", values: [d.value] };
    case ">":
      return { op: ">=", values: [year ? next : `${d.value}\uffff`] };
    case "<=":
      return { op: "<", values: [year ? next : `${d.value}\uffff`] };
    case "between":
      return { op: "between", values: [d.value, `${d.upper ?? d.value}\uffff`] };
    default:
      return { op: d.comparator, values: [d.value] };
  }
}

/** A word and a table name meet: "orders" ~ orders, "order" ~ raw_orders (the name's last part). */
function stemEq(word: string, table: string): boolean {
  const last =
    table
      .toLowerCase()
      .split(/[^a-z0-9]+/)
      .filter(Boolean)
      .pop() ?? "";
  return stem(word) === stem(last);
}

const storageOf = (c: RangeColumn): TimeStorage | null => timeStorageOf(c);

/** The predicate of a mention on a column: typed by the time step when it could, else as before. */
function predicateOn(d: DateMention, c: RangeColumn): Predicate | null {
  const storage = storageOf(c);
  if (d.part || d.start || d.end) {
    const resolved = resolveRelative(d, c.latest ?? null);
    return resolved && storage ? timePredicate(resolved, storage) : null;
  }
  return d.value ? legacyPredicate(d, c) : null;
}

/**
 * The mentions some date column can hold: only these are dates rather than words ("January" of a
 * text column of "January 5" stays a value).
 */
export function placeableDates(dates: readonly DateMention[], columns: readonly RangeColumn[]): DateMention[] {
  const dateColumns = columns.filter(isDateLike);
  return dates.filter((d) => dateColumns.some((c) => predicateOn(d, c) !== null));
}

/**
 * The date columns the question's time mentions constrain, into `constrained` (keyed by column):
 * each mention goes to the date column its context names ("born in the 1920s" → born), else to one
 * that can hold it (a month needs dates, not year numbers), else the first date column. A second
 * mention of the same kind on one column widens it to either ("in 2004 than in 2003", "in March
 * than in February"), for the comparison plans to split. Returns the texts used.
 */
export function dateRanges(
  dates: readonly DateMention[],
  columns: readonly RangeColumn[],
  constrained: Map<string, ColumnRange>,
): Set<string> {
  const used = new Set<string>();
  const dateColumns = columns.filter(isDateLike);
  for (const d of dates) {
    const able = dateColumns.filter((c) => predicateOn(d, c) !== null);
    const fine = d.part || (d.grain && d.grain !== "year") || (d.start && d.end && !d.grain);
    // "orders came in during …": a date column of the table the context names ("orders").
    const words = d.context.toLowerCase().split(/\s+/);
    const ofTable = able.filter((x) => words.some((w) => w.length > 2 && stemEq(w, x.table)));
    const c =
      pickColumn(d.context, able) ??
      (ofTable.length === 1 ? ofTable[0] : null) ??
      (fine ? able.find((x) => storageOf(x)?.kind !== "year-number") : null) ??
      able[0] ??
      null;
    if (!c) continue;
    const next = predicateOn(d, c)!;
    const prev = constrained.get(refKey(c))?.predicate;
    const single = (p: Predicate) => ["starts-with", "=", "in"].includes(p.op) && p.values.length === 1;
    if (prev && single(prev) && single(next) && prev.part === next.part && (prev.op === next.op || !!prev.part)) {
      used.add(d.text);
      const values = [...prev.values, ...next.values];
      const op = prev.part ? "in" : prev.op;
      constrained.set(refKey(c), {
        ...constrained.get(refKey(c))!,
        predicate: { ...prev, op, values },
        source: `${constrained.get(refKey(c))!.source} / ${d.text}`,
      });
      continue;
    }
    if (prev) continue;
    used.add(d.text);
    constrained.set(refKey(c), {
      table: c.table,
      column: c.column,
      role: "constrained",
      predicate: next,
      source: d.text,
    });
  }
  return used;
}
