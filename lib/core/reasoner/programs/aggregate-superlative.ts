import type { AggregateFn } from "../../retrieval/types";
import type { AnswerColumn, AnswerInput } from "../answer/input";
import type { QueryPlan } from "./plan";
import type { Resolver } from "../schema/resolve";
import { aggregates } from "../schema/roles";
import { AGG_WORDS, LEAD, BY, TRAILING } from "../lang/en/programs";

/** The measure a superlative ranks groups by: "the largest sum of payments", "top 5 products by quantity ordered". */
export type RankingMeasure = { fn: AggregateFn; phrase: string };

/**
 * Reads the aggregate a superlative or a top-k ranks by, from general English alone: an aggregate
 * word right after the superlative ("largest sum of payments", "highest average rating"), else a
 * closing "by …" phrase ("by total payments", "by quantity ordered", read as a total unless it
 * says average). Null when the question ranks by no aggregate it names.
 */
export function rankingMeasure(question: string): RankingMeasure | null {
  const lead = LEAD.exec(question.toLowerCase());
  if (lead) return { fn: AGG_WORDS[lead[1]], phrase: lead[2] };
  const by = BY.exec(question.toLowerCase());
  if (!by) return null;
  const word = by[1]?.split(" ")[0];
  const fn: AggregateFn = word && AGG_WORDS[word] === "avg" ? "avg" : "sum";
  return { fn, phrase: by[2].trim() };
}

/**
 * The measure column a ranking phrase names: the column it names ("quantity ordered"), without a
 * closing participle ("payments received" → payments), or the one measure of the table it names
 * ("sum of payments" → payments.amount).
 */
function measureColumn(r: Resolver, phrase: string, main: string): AnswerColumn | null {
  for (const ph of new Set([phrase, phrase.replace(TRAILING, "")])) {
    const column = r.resolve(ph, { numeric: true, preferTable: main });
    if (column) return column;
    const table = r.table(ph, 0.6);
    const measures = table ? r.columnsOf(table).filter((c) => c.role === "measure" && !c.keyLike) : [];
    if (measures.length === 1) return measures[0];
  }
  return null;
}

/**
 * The group ranking a superlative over an aggregate asks for ("the customer with the largest sum
 * of payments": customers grouped, ordered by SUM(amount)), or null when the question does not
 * name one or no measure column fits it. Groups are the asked-for column, else the main table's name.
 */
export function aggregateRanking(
  input: AnswerInput,
  r: Resolver,
  main: string,
  targets: AnswerColumn[],
): { group: AnswerColumn; orderBy: NonNullable<QueryPlan["orderBy"]>; limit: number } | null {
  const p = input.parsed;
  if (!p.superlative && !p.limit) return null;
  if (p.aggregates.some((a) => a.fn === "max" || a.fn === "min")) return null;
  const ranking = rankingMeasure(input.question);
  const column = ranking ? measureColumn(r, ranking.phrase, main) : null;
  if (!ranking || !column || column.keyLike || !aggregates(column.role, ranking.fn)) return null;
  const group = targets[0] ?? r.nameColumn(main);
  if (!group || group === column) return null;
  const direction = p.superlative?.direction === "min" ? "asc" : "desc";
  return { group, orderBy: { item: { fn: ranking.fn, column, distinct: false }, direction }, limit: p.limit ?? 1 };
}
