import { COMPARATIVE_CONCEPTS } from "../lang/en/lexicon";
import type { AggregateFn } from "../../retrieval/types";
import type { AnswerColumn, AnswerInput, Constraint } from "../answer/input";
import type { QueryPlan } from "./plan";
import type { Resolver } from "../schema/resolve";
import { aggregates } from "../schema/roles";
import { tallyOf } from "../schema/weights";
import { SHARE_OF, AVERAGE_ASKED, HOW_MANY_MORE, HOW_MUCH_MORE } from "../lang/en/programs";

// Plans that are not one SELECT over filtered rows: a row next to another, two sides compared, a share.

/** "the team previous to Crettyard": the row next to the one a constraint of the main table picks. */
export function adjacentRow(input: AnswerInput, main: string, constraints: Constraint[]): QueryPlan["special"] {
  const adj = input.parsed.adjacent;
  if (!adj) return null;
  const phrase = adj.phrase.toLowerCase();
  const anchor = constraints.find(
    (c) =>
      c.table === main &&
      (phrase.includes((c.source || "").toLowerCase()) ||
        c.predicate.values.some((v) => typeof v === "string" && phrase.includes(v.toLowerCase()))),
  );
  return anchor ? { kind: "adjacent", offset: adj.offset, anchor, consumed: [anchor] } : null;
}

/** Where a condition's words stand in the question (its first value or source), for ordering sides. */
function position(c: Constraint, question: string): number {
  const q = question.toLowerCase();
  const texts = [c.source, ...c.predicate.values.map(String)].filter(Boolean).map((t) => String(t).toLowerCase());
  const at = texts.map((t) => q.indexOf(t.replace(/\uffff/g, ""))).filter((i) => i >= 0);
  return at.length ? Math.min(...at) : Number.MAX_SAFE_INTEGER;
}

/** The two sides compared: two values of one condition ("Asia than Europe", "2004 than 2003"), in question order. */
function sidesOf(
  input: AnswerInput,
  constraints: Constraint[],
): { sides: Constraint[]; consumed: Constraint[] } | null {
  const pair = constraints.find(
    (c) => ["in", "=", "starts-with"].includes(c.predicate.op) && c.predicate.values.length === 2,
  );
  const one = (c: Constraint, v: Constraint["predicate"]["values"][number]): Constraint => ({
    ...c,
    predicate: { ...c.predicate, op: c.predicate.op === "in" ? "=" : c.predicate.op, values: [v] },
    source: String(v),
  });
  let sides: Constraint[];
  let consumed: Constraint[];
  if (pair) [sides, consumed] = [[one(pair, pair.predicate.values[0]), one(pair, pair.predicate.values[1])], [pair]];
  else {
    const same = constraints.filter((c) => c.predicate.op === "=" || c.predicate.op === "starts-with");
    const byColumn = same.find((c) => same.some((d) => d !== c && d.table === c.table && d.column === c.column));
    sides = byColumn
      ? same.filter((c) => c.table === byColumn.table && c.column === byColumn.column).slice(0, 2)
      : same.slice(0, 2);
    consumed = sides;
  }
  if (sides.length < 2) return null;
  return { sides: [...sides].sort((a, b) => position(a, input.question) - position(b, input.question)), consumed };
}

/** The attributes the question's comparatives imply ("heavier" → weight, mass). */
const comparativeConcepts = (question: string) =>
  (question.toLowerCase().match(/[a-z]+/g) ?? []).flatMap((w) => COMPARATIVE_CONCEPTS[w] ?? []);

/**
 * The measure of a comparison: the aggregate asked for ("the average budget"), a comparative's
 * attribute ("heavier"), or the target.
 */
function measureOf(
  input: AnswerInput,
  r: Resolver,
  main: string,
  sideTable: string | null = null,
): { column: AnswerColumn | null; fn: AggregateFn | null } {
  const p = input.parsed;
  const agg = p.aggregates.find((a) => a.fn !== "count");
  const concept = comparativeConcepts(input.question);
  const phrases = [agg?.phrase, p.targets[0], ...concept].filter((x): x is string => !!x);
  // "How many more orders in March than in February": orders are counted, not a column that tallies them.
  const counted = !agg && p.targets[0] && HOW_MANY_MORE.test(input.question) ? r.table(p.targets[0], 0.6) : null;
  if (counted) return { column: null, fn: null };
  for (const phrase of phrases) {
    const col = r.resolve(phrase, { preferTable: main, numeric: true });
    if (col) {
      const fn = agg && aggregates(col.role, agg.fn) ? agg.fn : AVERAGE_ASKED.test(input.question) ? "avg" : null;
      return { column: col, fn };
    }
  }
  // "How much more did we collect in 2004": the total of the main table's amount, when it has one.
  // The sides' own table first ("in 2004 than in 2003" on payment dates totals the payments' amount).
  for (const table of [sideTable, main]) {
    const amounts = input.columns.filter((c) => c.table === table && c.role === "measure" && !c.keyLike);
    if (HOW_MUCH_MORE.test(input.question) && amounts.length === 1) return { column: amounts[0], fn: "sum" };
  }
  return { column: null, fn: null };
}

/** "How many more … A than B?", "How many times bigger …", "Which is higher, A or B?": two sides of one measure. */
export function twoSided(
  input: AnswerInput,
  r: Resolver,
  main: string,
  constraints: Constraint[],
): QueryPlan["special"] {
  const kind = input.parsed.intent;
  if (kind === "percentage") return percentage(input, r, main, constraints);
  if (kind !== "difference" && kind !== "comparison" && kind !== "ratio") return null;
  const split = sidesOf(input, constraints);
  if (!split) return null;
  const { column, fn } = measureOf(input, r, main, split.sides[0].table);
  // Sides of many rows: an attribute compared ("heavier", "older") is averaged, an amount ("how much
  // more did we collect") is totalled.
  const many = fn === null && column?.role === "measure" && split.sides.some((c) => !oneRowSide(c, input));
  const attribute = (input.question.toLowerCase().match(/[a-z]+/g) ?? []).some(
    (w) => COMPARATIVE_CONCEPTS[w] && (/er$/.test(w) || w === "expensive"),
  );
  const manyFn: AggregateFn = attribute ? "avg" : "sum";
  return { kind, column, fn: kind === "comparison" ? null : many ? manyFn : fn, ...split };
}

/**
 * Does a side pick one row ("Alice", an id)? A year, a range or a repeated category picks many: "how
 * much more did we collect in 2004 than in 2003" compares totals, not one arbitrary payment of each.
 */
function oneRowSide(side: Constraint, input: AnswerInput): boolean {
  if (side.predicate.op !== "=" && side.predicate.op !== "in") return false;
  const col = input.columns.find((c) => c.table === side.table && c.column === side.column);
  return !!col && col.role !== "date" && col.uniqueness >= 0.9;
}

/**
 * "What percentage of all orders were cancelled?": the conditions said after the whole ("all orders")
 * pick the part; those inside it ("of Adelie penguins") stay on both.
 */
function percentage(input: AnswerInput, r: Resolver, main: string, constraints: Constraint[]): QueryPlan["special"] {
  const q = input.question.toLowerCase();
  const of = SHARE_OF.exec(q);
  const wholeEnd = of ? of.index + of[0].length - of[0].split(/\s+/).pop()!.length : 0;
  const part = constraints.filter((c) => position(c, input.question) >= wholeEnd);
  if (!part.length) return null;
  // "percentage of all flights" over a table of routes with a count of flights each: the share of that total.
  const tally = of ? tallyOf(r, of[1]) : null;
  if (tally) return { kind: "percentage", column: tally.item.column, part, consumed: part };
  const { column } = measureOf(input, r, main);
  return { kind: "percentage", column: column && column.role === "measure" ? column : null, part, consumed: part };
}

/**
 * Other readings of a comparison or a share for the ranker: the same sides with another measure
 * (each value, their sum, their average, or the count of rows), so "how much more" can be the
 * total or the one value and "percentage of flights" the rows or a flights column.
 */
export function specialVariants(plan: QueryPlan, input: AnswerInput, r: Resolver): QueryPlan[] {
  const s = plan.special;
  if (!s || s.kind === "adjacent" || s.kind === "comparison") return [];
  const measures = input.columns.filter((c) => c.role === "measure" && c.table === plan.mainTable).slice(0, 3);
  const out: QueryPlan[] = [];
  if (s.kind === "percentage") {
    out.push({ ...plan, special: { ...s, column: null } });
    for (const m of measures) out.push({ ...plan, special: { ...s, column: m } });
    return out;
  }
  out.push({ ...plan, special: { ...s, column: null, fn: null } });
  const columns = s.column ? [s.column, ...measures.filter((m) => m !== s.column)] : measures;
  for (const c of columns.slice(0, 3))
    for (const fn of [null, "sum", "avg"] as const) out.push({ ...plan, special: { ...s, column: c, fn } });
  void r;
  return out;
}
