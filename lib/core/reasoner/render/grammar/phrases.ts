import type { AnswerColumn, AnswerInput } from "../../answer/input";
import type { QueryPlan, SelectItem } from "../../programs/plan";
import { AGGREGATE_WORDS, DATE_EXTREMES, LEAST, MOST } from "../../lang/en/reading-grammar";
import { type Clause, conditionClause } from "./conditions";
import { columnNoun, entityNoun, namesRow, pluralNoun, singularNoun } from "./names";

/**
 * The noun phrases of a reading, from a plan's parts: a column named from the reading's table
 * ("customer name" when it is another table's), a measure ("the total freight", "the number of
 * orders"), the group a plan counts by ("customer", "country"), and an ordering's extreme ("the
 * most orders", "the latest order date").
 */

/** The words a phrase is made of, compared without articles and plural endings. */
function stems(s: string): string[] {
  return s
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((w) => w && w !== "the")
    .map((w) => singularNoun(w));
}

/** A column as the reading's table sees it: another table's column carries that table's name when its own does not. */
export function columnPhrase(c: AnswerColumn, input: AnswerInput, main: string): string {
  const noun = columnNoun(c);
  if (c.table === main) return noun;
  const entity = entityNoun(c.table, input, false);
  const words = stems(noun);
  const own = stems(entity);
  if (own.every((w) => words.includes(w))) return noun;
  // "stg payment" + "payment id" → "stg payment id": the entity's last words that start the noun are said once.
  const entityWords = entity.split(" ");
  for (let k = Math.min(entityWords.length, words.length); k > 0; k--)
    if (own.slice(-k).join(" ") === words.slice(0, k).join(" ")) return [...entityWords.slice(0, -k), noun].join(" ");
  return `${entity} ${noun}`;
}

const isDate = (c: AnswerColumn | null) => !!c && (c.role === "date" || c.type === "date");

/** A SELECT item as a noun phrase with its article: "the total freight", "the number of orders". */
export function measurePhrase(s: SelectItem, input: AnswerInput, main: string): string {
  if (!s.fn && s.column && s.joined?.length) {
    const whole = `full name`;
    return `the ${s.column.table === main ? whole : `${entityNoun(s.column.table, input, false)}'s ${whole}`}`;
  }
  const col = s.column ? columnPhrase(s.column, input, main) : null;
  if (s.fn === "count") {
    if (!col) return `the number of ${entityNoun(main, input, true)}`;
    return s.distinct ? `the number of different ${pluralNoun(col)}` : `the number of recorded ${pluralNoun(col)}`;
  }
  if (!s.fn || !col) return `the ${col ?? entityNoun(main, input, false)}`;
  const word = isDate(s.column) && DATE_EXTREMES[s.fn] ? DATE_EXTREMES[s.fn] : AGGREGATE_WORDS[s.fn];
  return `the ${word} ${col}`;
}

/** The extreme an ordering reaches: "the most orders", "the highest total freight", "the latest order date". */
export function extremePhrase(plan: QueryPlan, input: AnswerInput, main: string): string {
  const order = plan.orderBy!;
  const words = order.direction === "desc" ? MOST : LEAST;
  const s = order.item;
  if (s.fn === "count" && !s.column) return `the ${words.count} ${entityNoun(main, input, true)}`;
  const col = s.column ? columnPhrase(s.column, input, main) : entityNoun(main, input, true);
  if (s.fn === "count") return `the ${words.count} ${s.distinct ? "different " : ""}${pluralNoun(col)}`;
  if (!s.fn) return `the ${isDate(s.column) ? words.date : words.measure} ${col}`;
  const agg = isDate(s.column) && DATE_EXTREMES[s.fn] ? DATE_EXTREMES[s.fn] : AGGREGATE_WORDS[s.fn];
  return `the ${words.measure} ${agg} ${col}`;
}

/** The table whose rows a plan's groups are, when it groups by that table's key or label only. */
function groupEntity(groupBy: readonly AnswerColumn[]): string | null {
  const naming = groupBy.filter(namesRow);
  if (!naming.length) return null;
  if (groupBy.every((g) => g.table === naming[0].table)) return naming[0].table;
  // A reference grouped beside the label it was replaced by (labels.ts) is that label's row too.
  const table = naming[naming.length - 1].table;
  const others = groupBy.filter((g) => !namesRow(g));
  return naming.every((g) => g.table === table) && others.every((g) => g.role === "reference" || g.keyLike)
    ? table
    : null;
}

/** Does a plan group the rows it counts by their own non-key columns ("the name shared by the most customers")? */
export function groupsOwnRows(plan: QueryPlan): boolean {
  return (
    plan.groupBy.length > 0 &&
    plan.groupBy.every((g) => g.table === plan.mainTable && !g.isPrimaryKey && g.role !== "identifier")
  );
}

/** What one group is called: its table's row ("customer") when grouped by key or label, else its columns. */
export function groupNoun(plan: QueryPlan, input: AnswerInput): string {
  const own = groupsOwnRows(plan);
  const entity = own ? null : groupEntity(plan.groupBy);
  if (entity) return entityNoun(entity, input, false);
  // A group of the counted rows' own values is named with their table ("country name", not "name").
  const named = plan.groupBy.map((g) => columnPhrase(g, input, own ? "" : plan.mainTable));
  return list(named);
}

/** Is a shown item the group itself (a group column, or the key or label of the grouped table)? */
export function isGroupItem(s: SelectItem, plan: QueryPlan): boolean {
  if (s.fn || !s.column) return false;
  const c = s.column;
  if (plan.groupBy.some((g) => g.table === c.table && g.column === c.column)) return true;
  const entity = groupEntity(plan.groupBy);
  return entity === c.table && namesRow(c);
}

/** A list of noun phrases: "A", "A and B", "A, B and C". */
export function list(items: readonly string[]): string {
  return items.length <= 1 ? (items[0] ?? "") : `${items.slice(0, -1).join(", ")} and ${items[items.length - 1]}`;
}

/** Columns shown, as one phrase without repeating "the": "the name and country". */
export function shownColumns(items: readonly SelectItem[], input: AnswerInput, main: string, many = false): string {
  const names = items.map((s) => {
    const p = measurePhrase(s, input, main).replace(/^the /, "");
    return many && !s.fn ? pluralNoun(p) : p;
  });
  return `the ${list(names)}`;
}

/**
 * "A of B" without saying a word twice across "of" ("the total number of orders of orders" reads
 * "… across orders", "the price each of each payment" reads "… for every payment").
 */
export function ofPhrase(what: string, det: "" | "each" | "the", noun: string): string {
  const last = singularNoun(what.split(" ").pop()?.toLowerCase() ?? "");
  const head = noun.split(" ").find((w) => !/^(?:the|\d+)$/i.test(w)) ?? "";
  const next = [det, head].filter(Boolean).map((w) => singularNoun(w.toLowerCase()));
  const repeats = next.includes(last);
  if (!repeats) return `${what} of ${det ? `${det} ` : ""}${noun}`;
  return det === "each" ? `${what} for every ${noun}` : `${what} across ${det ? `${det} ` : ""}${noun}`;
}

/** The clauses of a plan's conditions and negation, each named from the main table. */
export function planClauses(plan: QueryPlan, input: AnswerInput): Clause[] {
  const main = plan.mainTable;
  const out: Clause[] = plan.where.map((c) => conditionClause(c, input, main));
  const neg = plan.negation;
  if (!neg) return out;
  const table = neg.table ?? neg.constraints[0]?.table ?? null;
  if (!table) return out;
  const inner = neg.constraints.map((c) => conditionClause(c, input, table));
  const whose = inner.flatMap((c) => ("whose" in c ? [c.whose] : []));
  if (table === main && whose.length) out.push({ with: `, other than those whose ${whose.join(" and ")}` });
  else if (table !== main)
    out.push({
      with: `with no ${entityNoun(table, input, true)}${whose.length ? ` whose ${whose.join(" and ")}` : ""}`,
    });
  return out;
}
