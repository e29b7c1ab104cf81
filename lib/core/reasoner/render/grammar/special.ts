import type { AnswerInput, Constraint } from "../../answer/input";
import type { QueryPlan } from "../../programs/plan";
import { LOWER_READ } from "../../lang/en/readings";
import { AGGREGATE_WORDS } from "../../lang/en/reading-grammar";
import { conditionClause, joinClauses } from "./conditions";
import { entityNoun } from "./names";
import { columnPhrase, ofPhrase, planClauses, shownColumns } from "./phrases";

/**
 * Readings of the plans that are not one SELECT over filtered rows: a share ("the percentage of
 * orders for which the status is …"), a difference or ratio of two sides, which of two sides is
 * higher, and the row next to another one.
 */

/** A side's condition as the words after "whose". */
function side(c: Constraint, input: AnswerInput, main: string): string {
  return joinClauses([conditionClause(c, input, main)], true).trim();
}

/** The reading of a special plan, or null for a plain one. */
export function describeSpecial(plan: QueryPlan, input: AnswerInput): string | null {
  const s = plan.special;
  if (!s) return null;
  const main = plan.mainTable;
  const rows = entityNoun(main, input, true);
  const where = joinClauses(planClauses(plan, input), true);
  if (s.kind === "adjacent") {
    const dir = s.offset < 0 ? "just before" : "just after";
    const kept = joinClauses(planClauses(plan, input), false);
    const one = entityNoun(main, input, false);
    const row = `the ${one}${kept}${kept ? "," : ""} ${dir} the one ${side(s.anchor, input, main)}`;
    return plan.select.length ? ofPhrase(shownColumns(plan.select, input, main), "", row) : row;
  }
  const col = s.column ? columnPhrase(s.column, input, main) : null;
  if (s.kind === "percentage") {
    const part = s.part.map((c) => side(c, input, main).replace(/^whose /, "the ")).join(" and ");
    const whole = col ? `the total ${col} of ${rows}` : rows;
    return `the percentage of ${whole}${where} for which ${part}`;
  }
  const [a, b] = s.sides.map((c) => side(c, input, main));
  const fn = "fn" in s ? s.fn : null;
  const what = col ? `${fn && AGGREGATE_WORDS[fn] ? `${AGGREGATE_WORDS[fn]} ` : ""}${col}` : null;
  if (s.kind === "difference")
    return what
      ? `the difference in ${what} between ${rows}${where} ${a} and those ${b}`
      : `the difference between the number of ${rows}${where} ${a} and of those ${b}`;
  if (s.kind === "ratio")
    return what
      ? `the ${what} of ${rows}${where} ${a}, divided by that of those ${b}`
      : `the number of ${rows}${where} ${a}, divided by the number of those ${b}`;
  const lower = LOWER_READ.test(input.question);
  return what
    ? `which has the ${lower ? "lower" : "higher"} ${what}: ${rows}${where} ${a}, or those ${b}`
    : `which are ${lower ? "fewer" : "more"}: ${rows}${where} ${a}, or those ${b}`;
}

/** The values shown by a set operation's branches: "the name". */
function setShown(plan: QueryPlan, input: AnswerInput): string {
  return plan.select.length ? shownColumns(plan.select, input, plan.mainTable) : "the rows";
}

/** INTERSECT: the values found both among the rows meeting `plan.where` and `a`, and among those meeting `b`. */
export function describeBoth(plan: QueryPlan, a: Constraint, b: Constraint, input: AnswerInput): string {
  const main = plan.mainTable;
  const rest = joinClauses(planClauses(plan, input), true);
  const among = `${entityNoun(main, input, true)}${rest} ${side(a, input, main)}`;
  return `${setShown(plan, input)} found both among ${among} and among those ${side(b, input, main)}`;
}

/**
 * EXCEPT: the values of the rows meeting `plan.where` (and `a`), except those found among the rows
 * meeting `except`.
 */
export function describeExcept(
  plan: QueryPlan,
  a: Constraint | null,
  except: Constraint[],
  input: AnswerInput,
): string {
  const main = plan.mainTable;
  const rows = entityNoun(main, input, true);
  const rest = joinClauses(planClauses(plan, input), true);
  const first = a ? ` ${side(a, input, main)}` : "";
  const clauses = except.map((c) => conditionClause(c, input, main));
  const excepted = `${rows}${joinClauses(clauses, true)}`;
  return `${setShown(plan, input)} of ${rows}${rest}${first}, except those found among ${excepted}`;
}
