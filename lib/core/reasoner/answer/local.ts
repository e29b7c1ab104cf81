import { planAnswer } from "../programs/planner";
import { renderPlan } from "../render/render";
import type { AnswerInput, AnswerOutput } from "./input";

/**
 * The local reasoner's draft answer: ONE SQL SELECT planned by the rules from the intent, the
 * selected columns, the join tree and the mapped constraints (values as cell mapping found them),
 * plus a companion query for the evidence cells. The local implementation of every method's
 * answer step (FGTR's answer, SGAM's SQL); answerQuestion's stages may replace it with a reused
 * or ranked program.
 */
export function localAnswer(input: AnswerInput): AnswerOutput {
  const plan = planAnswer(input);
  const rendered = renderPlan(plan, input);
  const notes = rendered.notes.length ? ` Notes: ${rendered.notes.join("; ")}.` : "";
  return {
    reasoning:
      `Intent "${plan.operation}" over ${plan.mainTable}: ${plan.select.length} selected ` +
      `item(s), ${plan.where.length} condition(s)${plan.groupBy.length ? ", grouped" : ""}${
        plan.orderBy ? ", ordered" : ""
      }${plan.negation ? ", with a negation" : ""}.${notes}`,
    sql: rendered.sql,
    evidenceQuery: rendered.evidenceSql
      ? {
          sql: rendered.evidenceSql,
          rowIdTables: rendered.evidence.rowIdTables,
          columns: rendered.evidence.columns.map((c) => ({ table: c.table, column: c.column })),
        }
      : null,
    answer: null,
    values: [],
    operation: plan.operation,
    evidence: [],
  };
}
