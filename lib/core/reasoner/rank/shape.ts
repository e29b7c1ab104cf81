import type { ProgramColumn, ProgramShape } from "./features";
import type { AnswerColumn, AnswerInput, Constraint } from "../answer/input";
import { sameColumn, type QueryPlan } from "../programs/plan";
import type { Resolver } from "../schema/resolve";

const isNumeric = (c: AnswerColumn) => c.type === "integer" || c.type === "real" || c.numericText;

/** The abstract kind of a plan: what the ranker's lexical features cross with. */
function planKind(plan: QueryPlan): string {
  if (plan.special) return `special-${plan.special.kind}`;
  const fns = plan.select.filter((s) => s.fn);
  if (plan.having) return "having";
  if (plan.groupBy.length && plan.orderBy && plan.orderBy.item.fn)
    return `group-${plan.orderBy.direction === "desc" ? "argmax" : "argmin"}`;
  if (plan.groupBy.length) return "group-aggregate";
  if (plan.orderBy && plan.limit) return plan.orderBy.direction === "desc" ? "argmax" : "argmin";
  if (plan.orderBy) return "ordered";
  if (plan.rowOrder) return `position-${plan.rowOrder}`;
  if (fns.length)
    return fns[0].fn === "count" ? (fns[0].distinct ? "count-distinct" : "count") : `aggregate-${fns[0].fn}`;
  return plan.operation === "yes-no" ? "yes-no" : "project";
}

/** The answer operation a plan carries into formatting (yes/no questions stay yes/no). */
export function planOperation(plan: QueryPlan, rulesOperation: string): string {
  if (
    rulesOperation === "yes-no" &&
    plan.select.length === 1 &&
    plan.select[0].fn === "count" &&
    !plan.select[0].column
  )
    return "yes-no";
  return planKind(plan);
}

/** The shape the ranker sees: kind and shape tags, the columns with their linking, the joins. */
export function planShape(
  plan: QueryPlan,
  input: AnswerInput,
  r: Resolver,
  sql: string,
  extraTags: string[],
  fromRules: boolean,
): ProgramShape {
  const columns: ProgramColumn[] = [];
  const where = plan.where;
  const constrained = (c: AnswerColumn) => where.some((w) => w.table === c.table && w.column === c.column);
  const names = new Map<string, AnswerColumn | null>();
  const isName = (c: AnswerColumn) => {
    if (!names.has(c.table)) names.set(c.table, r.nameColumn(c.table));
    return sameColumn(names.get(c.table) ?? null, c);
  };
  const push = (c: AnswerColumn | null, role: ProgramColumn["role"]) => {
    if (!c) return;
    columns.push({
      role,
      words: c.words,
      frequency: c.frequency,
      selected: c.selected,
      keyLike: c.keyLike,
      numeric: isNumeric(c),
      isName: isName(c),
      inMainTable: c.table === plan.mainTable,
      constrained: constrained(c),
    });
  };
  for (const s of plan.select) push(s.column, s.fn ? "aggregate" : "select");
  for (const w of where) push(columnOf(input, w), "where");
  if (plan.orderBy) push(plan.orderBy.item.column, "order");
  for (const g of plan.groupBy) push(g, "group");
  const kind = planKind(plan);
  const tags = [
    `kind:${kind}`,
    `nsel:${Math.min(plan.select.length, 3)}`,
    `where:${Math.min(where.length, 3)}`,
    ...extraTags,
  ];
  for (const s of plan.select)
    if (s.fn) tags.push(`agg:${s.fn}${s.distinct ? "-distinct" : ""}${s.column ? "" : "-star"}`);
  if (plan.limit) tags.push(plan.limit === 1 ? "limit:1" : "limit:k");
  if (plan.distinct) tags.push("distinct");
  if (plan.negation) tags.push("negation");
  if (plan.orderBy && !plan.orderBy.item.fn) tags.push(`order-${plan.orderBy.direction}`);
  const tables = 1 + (sql.match(/\bJOIN\b/g)?.length ?? 0);
  return { tags, columns, tables, fromRules };
}

function columnOf(input: AnswerInput, c: Constraint): AnswerColumn | null {
  return input.columns.find((x) => x.table === c.table && x.column === c.column) ?? null;
}
