import { defineStep } from "../step";
import { answerInputSchema, answerOutputSchema } from "./input";
import { planAnswer } from "../programs/planner";
import { renderPlan } from "../render/render";
import { answerPrompt } from "./prompt";

/**
 * FGTR step 7, answer. Local: plan ONE SQL SELECT from the intent, the selected columns, the
 * join tree and the mapped constraints (values as cell mapping found them), plus a companion
 * query for the evidence cells; the caller runs both through the guarded runner. LLM: answer
 * from the sub-tables, optionally with SQL that is checked and run the same way.
 */
export const answerStep = defineStep({
  name: "fgtr.answer",
  input: answerInputSchema,
  output: answerOutputSchema,
  local: (input) => {
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
  },
  prompt: answerPrompt,
  check: (output) => {
    const problems: string[] = [];
    if (output.answer === null && output.sql === null) problems.push("give an answer or a SQL query");
    if (output.sql && !/^\s*(select|with)\b/i.test(output.sql)) problems.push("sql must be a single SELECT statement");
    return problems;
  },
});
