import type { AnswerInput } from "../../answer/input";
import type { QueryPlan, SelectItem } from "../../programs/plan";
import { COUNT_BOUND_WORDS } from "../../lang/en/reading-grammar";
import { joinClauses } from "./conditions";
import { entityNoun, pluralNoun } from "./names";
import {
  extremePhrase,
  groupNoun,
  groupsOwnRows,
  isGroupItem,
  list,
  measurePhrase,
  ofPhrase,
  planClauses,
  shownColumns,
} from "./phrases";
import { describeSpecial } from "./special";

/**
 * The reading of a program shown to people ("I read this as: …"), realised from the plan's
 * structure rather than pasted from the question's words: one sentence form per shape (a count, a
 * list, an extreme, a group's extreme, a count bound, per-group figures, a comparison), nouns from
 * the semantic model or the schema's names read as words, plurals by `pluralize`, every condition
 * the program has and no other. The ranker's canonical reading (reading.ts) stays as it was trained.
 */
export function describePlan(plan: QueryPlan, input: AnswerInput): string {
  return tidy(sentence(plan, input));
}

function tidy(s: string): string {
  return s.replace(/\s+/g, " ").replace(/ ,/g, ",").trim();
}

function sentence(plan: QueryPlan, input: AnswerInput): string {
  const special = describeSpecial(plan, input);
  if (special) return special;
  const main = plan.mainTable;
  if (plan.operation === "yes-no")
    return `whether there are any ${entityNoun(main, input, true)}${clauses(plan, input, true)}`;
  if (plan.orderBy && plan.limit) return extreme(plan, input);
  if (plan.having && plan.groupBy.length) return countBound(plan, input);
  if (plan.groupBy.length) return perGroup(plan, input);
  const measures = plan.select.filter((s) => s.fn);
  if (measures.length) return `${measured(measures, plan, input)}${clauses(plan, input, true)}`;
  return rowList(plan, input);
}

function clauses(plan: QueryPlan, input: AnswerInput, many: boolean): string {
  return joinClauses(planClauses(plan, input), many);
}

/** "the number of orders", "the total freight of orders": a count of rows names them already. */
function measured(measures: readonly SelectItem[], plan: QueryPlan, input: AnswerInput): string {
  const what = list(measures.map((s) => measurePhrase(s, input, plan.mainTable)));
  const counted = measures.some((s) => s.fn === "count" && !s.column);
  return counted ? what : ofPhrase(what, "", entityNoun(plan.mainTable, input, true));
}

/** ", highest freight first", ", in the table's order", " (the first 5)". */
function ordering(plan: QueryPlan, input: AnswerInput): string {
  const order = plan.orderBy
    ? `, ${extremePhrase(plan, input, plan.mainTable).replace(/^the /, "")} first`
    : plan.rowOrder
      ? `, in the table's ${plan.rowOrder === "asc" ? "" : "reverse "}order`
      : "";
  return `${order}${plan.limit && !plan.orderBy ? ` (the first ${plan.limit})` : ""}`;
}

/** "the name of each customer whose …", "the different countries of customers", with its order. */
function rowList(plan: QueryPlan, input: AnswerInput): string {
  const main = plan.mainTable;
  if (plan.rowOrder && plan.limit) {
    const k = plan.limit === 1 ? "" : `${plan.limit} `;
    const rows = `the ${plan.rowOrder === "asc" ? "first" : "last"} ${k}${entityNoun(main, input, plan.limit !== 1)}`;
    const phrase = `${rows}${clauses(plan, input, plan.limit !== 1)} in the table's order`;
    return plan.select.length ? ofPhrase(shownColumns(plan.select, input, main), "", phrase) : phrase;
  }
  const rest = ordering(plan, input);
  if (!plan.select.length) return `the ${entityNoun(main, input, true)}${clauses(plan, input, true)}${rest}`;
  const what = shownColumns(plan.select, input, main, plan.distinct);
  if (plan.distinct) {
    const different = what.replace(/^the /, "the different ");
    return `${ofPhrase(different, "", entityNoun(main, input, true))}${clauses(plan, input, true)}${rest}`;
  }
  return `${ofPhrase(what, "each", entityNoun(main, input, false))}${clauses(plan, input, false)}${rest}`;
}

/** "the customer with the most orders", "the name of the 3 products with the highest price". */
function extreme(plan: QueryPlan, input: AnswerInput): string {
  const main = plan.mainTable;
  const k = plan.limit ?? 1;
  const one = k === 1;
  const most = extremePhrase(plan, input, main);
  const order = plan.orderBy!.item;
  if (plan.groupBy.length) {
    const group = groupNoun(plan, input);
    const subject = one ? `the ${group}` : `the ${k} ${pluralNoun(group)}`;
    // Grouping the rows counted by one of their own columns: the value "shared by" the most of them.
    const shared = groupsOwnRows(plan) && order.fn === "count";
    const rest = plan.select.filter((s) => !isGroupItem(s, plan) && !sameItem(s, order));
    const where = clauses(plan, input, true);
    const among = where ? `, among ${entityNoun(main, input, true)}${where}` : "";
    const phrase = `${one ? "" : "each of "}${subject} ${shared ? "shared by" : "with"} ${most}${among}`;
    return rest.length ? ofPhrase(shownColumns(rest, input, main), "", phrase) : phrase;
  }
  const subject = one ? `the ${entityNoun(main, input, false)}` : `the ${k} ${entityNoun(main, input, true)}`;
  const shown = plan.select.filter((s) => !sameItem(s, order));
  if (plan.select.length > 0 && !shown.length && one)
    return `${most} of any ${entityNoun(main, input, false)}${clauses(plan, input, false)}`;
  const phrase = `${subject}${clauses(plan, input, !one)} with ${most}`;
  return shown.length ? ofPhrase(shownColumns(shown, input, main), "", `${one ? "" : "each of "}${phrase}`) : phrase;
}

/** "the customers with more than 3 orders", "the country of each customer with at least 2 orders". */
function countBound(plan: QueryPlan, input: AnswerInput): string {
  const main = plan.mainTable;
  const h = plan.having!;
  const bound = `${COUNT_BOUND_WORDS[h.op] ?? h.op} ${h.value} ${entityNoun(main, input, h.value !== 1)}`;
  const group = groupNoun(plan, input);
  const rest = plan.select.filter((s) => !isGroupItem(s, plan));
  const where = clauses(plan, input, true);
  const counting = where ? ` (counting ${entityNoun(main, input, true)}${where})` : "";
  if (!rest.length) return `the ${pluralNoun(group)} with ${bound}${counting}`;
  return `${ofPhrase(shownColumns(rest, input, main), "each", group)} with ${bound}${counting}`;
}

/** "the number of orders for each country", "the total freight of orders whose … for each customer". */
function perGroup(plan: QueryPlan, input: AnswerInput): string {
  const main = plan.mainTable;
  const group = groupNoun(plan, input);
  const measures = plan.select.filter((s) => s.fn);
  const where = clauses(plan, input, true);
  const order = ordering(plan, input);
  const rest = plan.select.filter((s) => !s.fn && !isGroupItem(s, plan));
  if (!measures.length) {
    const what = rest.length
      ? ofPhrase(shownColumns(rest, input, main), "each", group)
      : `the different ${pluralNoun(group)}`;
    return `${ofPhrase(what, "", entityNoun(main, input, true))}${where}${order}`;
  }
  const also = rest.length ? ` (with ${shownColumns(rest, input, main).replace(/^the /, "its ")})` : "";
  return `${measured(measures, plan, input)}${where} for each ${group}${also}${order}`;
}

function sameItem(a: SelectItem, b: SelectItem): boolean {
  return (
    a.fn === b.fn &&
    a.distinct === b.distinct &&
    ((!a.column && !b.column) ||
      (!!a.column && !!b.column && a.column.table === b.column.table && a.column.column === b.column.column))
  );
}
