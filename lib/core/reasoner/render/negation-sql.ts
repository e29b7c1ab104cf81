import { fromClause, type FromClause } from "../../retrieval/sql/from";
import { quoteIdent } from "../../retrieval/sql/literals";
import { constraintSql } from "../../retrieval/sql/predicate";
import type { AnswerColumn, AnswerInput, Constraint } from "../answer/input";
import type { QueryPlan } from "../programs/plan";
import { treePath } from "./tree";

/**
 * The SQL of what a plan leaves out and what it shows whole: the negation as an anti-join or a NOT IN
 * of the main rows' own values, and a name kept over several columns shown (and grouped) as one value.
 */

/** Columns shown as one value, space-separated, a missing part left out ("Howard R."). */
export function joinedSql(parts: Array<string | null>): string | null {
  if (parts.some((p) => !p)) return null;
  return `TRIM(${parts.map((p) => `COALESCE(${p}, '')`).join(" || ' ' || ")})`;
}

/** The plan's GROUP BY columns; a group shown as a whole name (first || ' ' || last) is grouped by every part. */
export function groupColumns(plan: QueryPlan): AnswerColumn[] {
  const same = (a: AnswerColumn, b: AnswerColumn) => a.table === b.table && a.column === b.column;
  const parts = plan.select.flatMap((s) =>
    s.joined?.length && s.column && plan.groupBy.some((g) => same(g, s.column!)) ? s.joined : [],
  );
  return [...plan.groupBy, ...parts.filter((j) => !plan.groupBy.some((g) => same(g, j)))];
}

/**
 * The negation as an anti-join: the main row has no related row (through the join tree's path to the
 * negated table) meeting the negated conditions — `NOT EXISTS`, correlated on the path's first
 * edge(s), so a composite key joins whole and a NULL key in the other table cannot empty the answer
 * (as `NOT IN (SELECT …)` would). Conditions on the main row itself are negated in place.
 */
export function negationSql(
  plan: QueryPlan,
  input: AnswerInput,
  from: FromClause,
  sqlRefOf: (t: string) => string | undefined,
  notes: string[],
): string | null {
  if (!plan.negation) return null;
  const main = plan.mainTable;
  const target = plan.negation.table ?? plan.negation.constraints[0]?.table;
  const mainAlias = from.alias.get(main);
  if (!target || !mainAlias) return null;
  const onMain = plan.negation.constraints.filter((c) => c.table === main);
  // "apart from Fair and Good cuts": the main rows' own values left out.
  if (target === main) return onMain.length ? onMain.map((c) => notSql(mainAlias, c)).join(" AND ") : null;
  const path = treePath(input.join.edges, main, target);
  if (!path) {
    notes.push(`no join path from "${main}" to "${target}" for the negation`);
    return null;
  }
  const sub = fromClause(path.slice(1), input.join.edges, sqlRefOf, "S");
  const next = path[1];
  const link = input.join.edges
    .filter((e) => (e.a.table === main && e.b.table === next) || (e.b.table === main && e.a.table === next))
    .map((e) => {
      const [mine, other] = e.a.table === main ? [e.a, e.b] : [e.b, e.a];
      return `${sub.alias.get(next)}.${quoteIdent(other.column)} = ${mainAlias}.${quoteIdent(mine.column)}`;
    });
  if (!link.length || !sub.alias.has(next)) return null;
  const conds = plan.negation.constraints
    .filter((c) => sub.alias.has(c.table))
    .map((c) => constraintSql(sub.alias.get(c.table)!, c));
  const own = onMain.map((c) => constraintSql(mainAlias, c));
  return `NOT EXISTS (SELECT 1 FROM ${sub.sql} WHERE ${[...new Set(link), ...conds, ...own].join(" AND ")})`;
}

/**
 * A condition on the main row negated: a list of values as `NOT IN` (what an analyst writes: a row
 * without a value is not kept), anything else as a CASE the SQL guard and every dialect read.
 */
function notSql(alias: string, c: Constraint): string {
  const { op, values } = c.predicate;
  if ((op === "=" || op === "in") && values.length)
    return constraintSql(alias, { ...c, predicate: { op: "not-in", values } });
  return `CASE WHEN ${constraintSql(alias, c)} THEN 0 ELSE 1 END = 1`;
}
