import { z } from "zod";
import { refKey } from "../../../model/column-ref";
import { defineStep } from "../../step";
import { rangeParsingPrompt } from "./prompt";
import { parseRangesLocally } from "./local";
import { cellHintSchema, columnRangeSchema, parsedQuestionSchema, stepColumnSchema } from "../../../retrieval/types";

const rangeColumnSchema = stepColumnSchema.extend({
  examples: z.array(z.string()),
  /** The largest value (profile), so a number in another unit can be read in the column's (°F vs °C, % vs 0–1). */
  max: z.number().nullable().optional(),
  /** The latest date (ISO, profile) of a date column: what "last year" is read against. */
  latest: z.string().nullable().optional(),
});
export type RangeColumn = z.infer<typeof rangeColumnSchema>;

const rangeInputSchema = z.object({
  question: z.string().min(1),
  parsed: parsedQuestionSchema,
  hints: z.array(cellHintSchema),
  columns: z.array(rangeColumnSchema),
});
export type RangeInput = z.infer<typeof rangeInputSchema>;

const rangeOutputSchema = z.object({ reasoning: z.string(), ranges: z.array(columnRangeSchema) });

/**
 * FGTR step 4, range parsing (§4.3): each selected column is constrained (with a predicate: =, ≠,
 * <, ≤, >, ≥, between, in, contains, date ranges) or dependent (all values).
 */
export const rangeParsingStep = defineStep({
  name: "fgtr.range-parsing",
  input: rangeInputSchema,
  output: rangeOutputSchema,
  local: (input) => parseRangesLocally(input),
  prompt: rangeParsingPrompt,
  check: (output, input) => {
    const known = new Set(input.columns.map(refKey));
    const problems = output.ranges
      .filter((r) => !known.has(refKey(r)))
      .map((r) => `column "${r.table}.${r.column}" was not selected`);
    for (const r of output.ranges)
      if (r.role === "constrained" && !r.predicate)
        problems.push(`constrained column "${r.table}.${r.column}" has no predicate`);
    return problems;
  },
});
