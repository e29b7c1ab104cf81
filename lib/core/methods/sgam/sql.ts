import { z } from "zod";
import { defineStep } from "../../reasoner/step";
import { localAnswer } from "../../reasoner/answer/local";
import { answerInputSchema, answerOutputSchema } from "../../reasoner/answer/input";
import { sqlPrompt } from "./prompts/sql";

const sqlInputSchema = answerInputSchema.extend({
  /** The merged reasoning paths, as "column[table], column[table], …" lines (Appendix A.4). */
  paths: z.array(z.string()),
  conditions: z.array(z.string()),
  main: z.string(),
});
export type SqlInput = z.infer<typeof sqlInputSchema>;

/**
 * SGAM step 5, SQL from the paths. Local: one SELECT planned from the main question's intent,
 * the path tables joined on the paths' inter-table edges, and the conditions' values as the
 * cell index found them (the same planner FGTR's answer uses, so both methods build SQL alike).
 * llm: the model writes the SQL from the paths and the question (Appendix A.4); it is checked
 * and run read-only by the caller.
 */
export const sqlStep = defineStep({
  name: "sgam.sql",
  input: sqlInputSchema,
  output: answerOutputSchema,
  local: (input) => localAnswer(input),
  prompt: sqlPrompt,
  check: (output) =>
    output.sql && /^\s*(select|with)\b/i.test(output.sql) ? [] : ['give one SQLite SELECT statement in "sql"'],
});
