import type { CellValue } from "../../trace/atoms";
import { pluralize } from "../../text/words";
import type { AnswerColumn, AnswerInput, Constraint } from "../answer/input";
import type { QueryPlan, SelectItem } from "../programs/plan";
import { OPS, FN_WORDS, FN_READ, LOWER_READ } from "../lang/en/readings";
import { describePlan } from "./grammar/describe";
import { PART_READ, PART_WORDS } from "../lang/en/time";

/**
 * The canonical English reading of a program (Berant & Liang 2014's canonical utterance): what
 * the program computes, in the dataset's own table and column names, e.g. "number of Customers
 * whose Country is Germany". Shown to the user as "I read this as: …" and scored against the
 * question by the ranker, so a program is chosen by how well its meaning matches the words asked.
 */

function value(v: CellValue): string {
  if (v === null) return "empty";
  if (typeof v === "number") return String(v);
  return `"${String(v).replace(/\uffff/g, "")}"`;
}

/** A table's rows as a noun: its name as written, its last word made plural when it reads as singular. */
function tableNoun(table: string, plural = true): string {
  const words = table.split(/[\s_]+/).filter(Boolean);
  const last = words[words.length - 1] ?? table;
  if (!plural || !/^[A-Za-z]+$/.test(last) || /s$/i.test(last)) return words.join(" ");
  const lower = last.toLowerCase();
  const many = pluralize(lower);
  const cased = last === last.toUpperCase() && last.length > 1 ? many.toUpperCase() : last + many.slice(lower.length);
  return [...words.slice(0, -1), many.startsWith(lower) ? cased : many].join(" ");
}

function columnName(c: AnswerColumn | null): string {
  return c ? c.name : "rows";
}

function condition(c: Constraint, input: AnswerInput): string {
  const col = input.columns.find((x) => x.table === c.table && x.column === c.column);
  const name = col?.name ?? c.column;
  const op = c.predicate.op;
  const vals = c.predicate.values;
  const part = c.predicate.part;
  // "month of visit_day is 5", "visit_day falls on a month's last day".
  if (part === "month-end") return `${name} ${PART_READ["month-end"]}`;
  if (part)
    return condition({ ...c, predicate: { op, values: vals } }, input).replace(name, `${PART_WORDS[part]} of ${name}`);
  if (op === "is-null" || op === "not-null") return `${name} ${OPS[op]}`;
  if (op === "between") return `${name} is between ${value(vals[0])} and ${value(vals[1] ?? vals[0])}`;
  const shown = vals.length > 1 ? vals.map(value).join(" or ") : value(vals[0] ?? null);
  return `${name} ${OPS[op] ?? op} ${shown}`;
}

function item(s: SelectItem, table: string): string {
  if (!s.fn) return [s.column, ...(s.joined ?? [])].map(columnName).join(" ");
  if (s.fn === "count")
    return s.column
      ? `number of ${s.distinct ? "different " : ""}${columnName(s.column)}`
      : `number of ${tableNoun(table)}`;
  return `${FN_WORDS[s.fn]} ${columnName(s.column)}`;
}

function whose(plan: QueryPlan, input: AnswerInput): string {
  const conds = plan.where.map((c) => condition(c, input));
  if (plan.negation) {
    const neg = plan.negation.constraints.map((c) => condition(c, input));
    const table = plan.negation.table ?? plan.negation.constraints[0]?.table ?? "";
    conds.push(
      neg.length ? `not (${neg.join(" and ")})` : `that have no ${tableNoun(table)}`.replace(/^that /, "having "),
    );
  }
  return conds.length ? ` whose ${conds.join(" and ")}` : "";
}

function special(plan: QueryPlan, input: AnswerInput): string | null {
  const s = plan.special;
  if (!s || s.kind === "adjacent") return null;
  const measure = (fn?: string | null) =>
    s.column ? `${fn ? FN_READ[fn] : ""}${s.column.name}` : `number of ${tableNoun(plan.mainTable)}`;
  const cond = whose(plan, input);
  if (s.kind === "percentage") {
    const part = s.part.map((c) => condition(c, input)).join(" and ");
    const whole = s.column ? `total ${s.column.name}` : tableNoun(plan.mainTable);
    return `share (in %) of ${whole}${cond} that have ${part}`;
  }
  const [a, b] = s.sides.map((c) => condition(c, input));
  const what = measure(s.fn);
  if (s.kind === "difference") return `difference in ${what}${cond} between ${a} and ${b}`;
  if (s.kind === "ratio") return `${what}${cond} where ${a}, divided by that where ${b}`;
  const higher = LOWER_READ.test(input.question);
  return `which of ${a} and ${b} has the ${higher ? "lower" : "higher"} ${what}`;
}

/**
 * The reading shown to people ("I read this as: …"): realised by the reading grammar
 * (grammar/describe.ts) from the plan's structure, in the entity and column names people use. The
 * canonical reading below stays as the ranker was trained on it.
 */
export function shownReading(plan: QueryPlan, input: AnswerInput): string {
  return describePlan(plan, input);
}

/** The canonical reading of a query plan. */
export function readPlan(plan: QueryPlan, input: AnswerInput): string {
  const sp = special(plan, input);
  if (sp) return sp;
  const table = plan.mainTable;
  const rows = tableNoun(table);
  const cond = whose(plan, input);
  const shown = plan.select.map((s) => item(s, table)).join(", ");
  if (plan.special?.kind === "adjacent") {
    const side = plan.special.offset < 0 ? "before" : "after";
    return `${shown} of the ${tableNoun(table, false)} ${side} the one whose ${condition(plan.special.anchor, input)}`;
  }
  if (plan.orderBy && plan.limit) {
    const k = plan.limit === 1 ? "the" : `the ${plan.limit}`;
    const by = plan.orderBy.item;
    const most = plan.orderBy.direction === "desc";
    if (plan.groupBy.length) {
      const group = plan.groupBy.map((g) => g.name).join(", ");
      // "the month of visit_day with the most visits": the group shown is the group itself.
      const itself = plan.select.length === 1 && !plan.select[0].fn && plan.select[0].column === plan.groupBy[0];
      const measure =
        by.fn === "count" && !by.column
          ? `${most ? "most" : "fewest"} ${rows}`
          : `${most ? "highest" : "lowest"} ${item(by, table)}`;
      return `${itself ? "" : `${shown} of `}${k} ${group} with the ${measure}${cond}`;
    }
    const extreme = most ? "highest" : "lowest";
    return `${shown} of ${k} ${tableNoun(table, plan.limit !== 1)}${cond} with the ${extreme} ${item(by, table)}`;
  }
  if (plan.having) {
    const group = plan.groupBy.map((g) => g.name).join(", ");
    const op = OPS[plan.having.op] === "is" ? "exactly" : OPS[plan.having.op].replace(/^is /, "");
    const counted = plan.having.distinct ? `different ${plan.having.distinct.name}` : rows;
    // "How many customers ordered twice": the number of groups that pass.
    if (plan.select.every((s) => s.fn === "count" && !s.column))
      return `number of ${group} with ${op} ${plan.having.value} ${counted}${cond}`;
    return `${shown} of each ${group} with ${op} ${plan.having.value} ${counted}${cond}`;
  }
  const distinct = plan.distinct ? "different " : "";
  const each = plan.groupBy.length ? ` for each ${plan.groupBy.map((g) => g.name).join(", ")}` : "";
  const order = plan.orderBy
    ? `, ${plan.orderBy.direction === "desc" ? "highest" : "lowest"} ${item(plan.orderBy.item, table)} first`
    : "";
  const position = plan.rowOrder ? ` (the ${plan.rowOrder === "asc" ? "first" : "last"} in the table's order)` : "";
  const aggregated = plan.select.some((s) => s.fn);
  const of =
    aggregated && !plan.groupBy.length
      ? plan.select.every((s) => s.fn === "count" && !s.column)
        ? ""
        : ` of ${rows}`
      : ` of ${rows}`;
  return `${distinct}${shown}${of}${cond}${each}${order}${position}`.replace(/\s+/g, " ").trim();
}
