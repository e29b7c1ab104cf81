import type { AnswerColumn, AnswerInput } from "../answer/input";
import type { DatePartUnit } from "../../model/date-part";
import { timeStorageOf } from "../question/time/storage";
import { AVERAGE_ASKED, TOTAL_ASKED } from "../lang/en/programs";
import { PART_WORDS } from "../lang/en/time";
import { countStar, plain, type QueryPlan, type SelectItem } from "./plan";
import type { Resolver } from "../schema/resolve";
import { aggregates } from "../schema/roles";
import { SUPERLATIVES } from "../lang/en/lexicon";

/**
 * "Which month had the most orders", "revenue per year", "which day of the week is busiest": the
 * answer groups by a part of a date column, read as a column of its own (`part`), rendered by the
 * column's storage (strftime of ISO text, of the ISO form of other text; a year column is its years).
 */

/** The date column a date part is taken of: one that holds the part, of the main table first, best linked first. */
function datePartColumn(input: AnswerInput, main: string): AnswerColumn | null {
  const unit = input.parsed.dateGroup?.unit;
  if (!unit) return null;
  const inTree = new Set(input.join.tables.length ? input.join.tables : [main]);
  const able = input.columns.filter((c) => {
    if (!inTree.has(c.table) || c.part) return false;
    const storage = timeStorageOf(c);
    return !!storage && (storage.kind !== "year-number" || unit === "year");
  });
  const score = (c: AnswerColumn) => (c.table === main ? 2 : 0) + (c.selected ? 1 : 0) + c.frequency;
  const best = [...able].sort((a, b) => score(b) - score(a))[0];
  if (!best) return null;
  if (timeStorageOf(best)?.kind === "year-number") return best;
  return partColumn(best, unit);
}

/** A date column's part as a column of its own, named for the readings ("month of order_date"). */
export function partColumn(c: AnswerColumn, unit: DatePartUnit): AnswerColumn {
  return { ...c, part: unit, name: `${PART_WORDS[unit]} of ${c.name}` };
}

/**
 * The measure a date-part group is ranked by: the plan's own ordering column ("the highest average daily
 * high" → temp_max) or the superlative's phrase, averaged when the question says so or ranks by an
 * attribute ("the hottest month"), else totalled ("the year with the highest sales").
 */
function measureOf(plan: QueryPlan, input: AnswerInput, r: Resolver, main: string): SelectItem | null {
  const sup = input.parsed.superlative!;
  const ordered = plan.orderBy && !plan.orderBy.item.fn ? plan.orderBy.item.column : null;
  const words = sup.phrase.replace(AVERAGE_ASKED, " ").replace(TOTAL_ASKED, " ").trim();
  const col =
    (ordered && aggregates(ordered.role, "sum") ? ordered : null) ??
    (words ? r.resolve(words, { preferTable: main, numeric: true }) : null) ??
    r.concept(sup.phrase, { preferTable: main })?.column ??
    null;
  if (!col || !aggregates(col.role, "sum")) return null;
  const attribute = !!SUPERLATIVES[sup.phrase]?.concept.length;
  const average =
    AVERAGE_ASKED.test(sup.phrase) ||
    (!TOTAL_ASKED.test(input.question) && (attribute || AVERAGE_ASKED.test(input.question)));
  return { fn: average ? "avg" : "sum", column: col, distinct: false };
}

/**
 * The plan grouped by the asked date part: the part shown (with the plan's aggregates), ranked by the
 * superlative's count or measure when there is one. The plan unchanged when no date column holds the part.
 */
export function groupByDatePart(plan: QueryPlan, input: AnswerInput, r: Resolver): QueryPlan {
  const p = input.parsed;
  // "Which month had the most orders": the orders are counted, so the months are the orders' months.
  const counted = p.superlative?.byCount ? r.table(p.superlative.phrase, 0.5) : null;
  const main = counted && datePartColumn(input, counted)?.table === counted ? counted : plan.mainTable;
  const group = datePartColumn(input, main);
  const aggregated = plan.select.some((s) => s.fn);
  if (!group || (!p.superlative && !aggregated) || plan.special) return plan;
  const kept = plan.select.filter((s) => s.fn);
  if (p.superlative) {
    const direction = p.superlative.direction === "max" ? "desc" : "asc";
    const by = p.superlative.byCount ? countStar() : (measureOf(plan, input, r, main) ?? countStar());
    return {
      ...plan,
      mainTable: main,
      select: [plain(group)],
      groupBy: [group],
      orderBy: { item: by, direction },
      limit: p.limit ?? 1,
      having: null,
      distinct: false,
      rowOrder: null,
    };
  }
  return { ...plan, select: [plain(group), ...kept], groupBy: [group], orderBy: null, limit: null, distinct: false };
}

/**
 * Candidates grouped by the asked date part, for the ranker: the part with the most or fewest rows,
 * the highest or lowest total or average of each measure, and every part with its count or measure.
 */
export function datePartPlans(input: AnswerInput, base: QueryPlan, measures: AnswerColumn[]): QueryPlan[] {
  const group = datePartColumn(input, base.mainTable);
  if (!group) return [];
  const k = input.parsed.limit ?? 1;
  const out: QueryPlan[] = [];
  const grouped = (select: SelectItem[], orderBy: QueryPlan["orderBy"] = null): QueryPlan => ({
    ...base,
    select,
    groupBy: [group],
    orderBy,
    limit: orderBy ? k : null,
  });
  for (const direction of ["desc", "asc"] as const) {
    out.push(grouped([plain(group)], { item: countStar(), direction }));
    for (const m of measures.slice(0, 3))
      for (const fn of ["sum", "avg"] as const)
        if (aggregates(m.role, fn))
          out.push(grouped([plain(group)], { item: { fn, column: m, distinct: false }, direction }));
  }
  out.push(grouped([plain(group), countStar()]));
  for (const m of measures.slice(0, 2))
    for (const fn of ["sum", "avg"] as const)
      if (aggregates(m.role, fn)) out.push(grouped([plain(group), { fn, column: m, distinct: false }]));
  return out;
}
