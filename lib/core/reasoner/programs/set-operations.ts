import type { AnswerOutput, AnswerInput, Constraint } from "../answer/input";
import type { QueryPlan } from "./plan";
import { readPlan } from "../render/reading";
import { renderPlan } from "../render/render";

/** A SELECT without its trailing LIMIT, to be a branch of INTERSECT / EXCEPT. */
function branch(sql: string): string | null {
  return /\bORDER BY\b/.test(sql) ? null : sql.replace(/ LIMIT \d+$/, "");
}
/** How a generator hands over one candidate: its SQL, plan, evidence query, tags and reading. */
export type Emit = (
  sql: string,
  plan: QueryPlan,
  evidence: AnswerOutput["evidenceQuery"],
  tags: string[],
  fromRules?: boolean,
  reading?: string,
) => void;

/** "both X and Y": the rows meeting X INTERSECT those meeting Y; a negation as EXCEPT. */
export function setOperations(
  input: AnswerInput,
  rules: QueryPlan,
  where: Constraint[],
  emit: Emit,
  add: (p: QueryPlan, t?: string[]) => void,
): void {
  const select = rules.select.filter((s) => !s.fn);
  if (!select.length) return;
  const plan: QueryPlan = {
    ...rules,
    select,
    groupBy: [],
    having: null,
    orderBy: null,
    rowOrder: null,
    limit: null,
    special: null,
    negation: null,
  };
  const pairs: Array<[Constraint, Constraint, Constraint[]]> = [];
  for (const c of where) {
    if ((c.predicate.op === "in" || c.predicate.op === "=") && c.predicate.values.length === 2) {
      const one = (v: (typeof c.predicate.values)[number]): Constraint => ({
        ...c,
        predicate: { op: "=", values: [v] },
      });
      pairs.push([one(c.predicate.values[0]), one(c.predicate.values[1]), where.filter((x) => x !== c)]);
    }
  }
  const eq = where.filter((c) => c.predicate.op === "=" && c.predicate.values.length === 1);
  for (let i = 0; i < eq.length; i++)
    for (let j = i + 1; j < eq.length; j++)
      if (eq[i].table === eq[j].table && eq[i].column === eq[j].column)
        pairs.push([eq[i], eq[j], where.filter((x) => x !== eq[i] && x !== eq[j])]);
  for (const [a, b, rest] of pairs.slice(0, 3)) {
    const left = branch(renderPlan({ ...plan, where: [...rest, a] }, input).sql);
    const right = branch(renderPlan({ ...plan, where: [...rest, b] }, input).sql);
    if (left && right) {
      const readA = readPlan({ ...plan, where: [...rest, a] }, input);
      const readB = readPlan({ ...plan, where: [b] }, input).replace(/^.*? whose /, "");
      emit(
        `${left} INTERSECT ${right}`,
        { ...plan, where: [...rest, a, b] },
        null,
        ["setop:intersect"],
        false,
        `${readA}, that also have ${readB}`,
      );
      emit(
        `${left} EXCEPT ${right}`,
        { ...plan, where: [...rest, a, b] },
        null,
        ["setop:except"],
        false,
        `${readA}, except those that have ${readB}`,
      );
    }
  }
  if (rules.negation?.constraints.length) {
    const all = branch(renderPlan({ ...plan, where: rules.where }, input).sql);
    const negated = branch(renderPlan({ ...plan, where: [...rules.where, ...rules.negation.constraints] }, input).sql);
    if (all && negated) {
      const without = readPlan({ ...plan, where: rules.negation.constraints }, input).replace(/^.*? whose /, "");
      emit(
        `${all} EXCEPT ${negated}`,
        { ...plan, where: rules.where },
        null,
        ["setop:except", "negation"],
        false,
        `${readPlan({ ...plan, where: rules.where }, input)}, except those whose ${without}`,
      );
    }
  } else if (!rules.negation) add({ ...plan, where: [] }, ["all-rows"]);
}
