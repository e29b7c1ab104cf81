import { defineStep } from "../../reasoner/step";
import { answerInputSchema, answerOutputSchema } from "../../reasoner/answer/input";
import { localAnswer } from "../../reasoner/answer/local";
import { answerPrompt } from "./prompts/answer";

/**
 * FGTR step 7, answer. Local: the local reasoner's draft, ONE SQL SELECT planned from the intent,
 * the selected columns, the join tree and the mapped constraints, plus a companion query for the
 * evidence cells; answerQuestion runs both through the guarded runner. LLM: answer from the
 * sub-tables, optionally with SQL that is checked and run the same way.
 */
export const answerStep = defineStep({
  name: "fgtr.answer",
  input: answerInputSchema,
  output: answerOutputSchema,
  local: (input) => localAnswer(input),
  prompt: answerPrompt,
  check: (output) => {
    const problems: string[] = [];
    if (output.answer === null && output.sql === null) problems.push("give an answer or a SQL query");
    if (output.sql && !/^\s*(select|with)\b/i.test(output.sql)) problems.push("sql must be a single SELECT statement");
    return problems;
  },
});
