import { z } from "zod";
import { DEFAULT_MAX_SUB_TABLE_ROWS } from "../../retrieval/types";
import { programJsonSchema } from "../../model/program";

/**
 * FGTR's tunable parameters with the paper's defaults (§4.2–4.3): K voting rounds and the
 * consistency threshold θ of schema mapping, top-n and the similarity threshold of adaptive cell
 * mapping. The schema is exported for the workbench's "advanced" panel: every field has a
 * description and bounds, and `z.toJSONSchema(fgtrParamsSchema)` renders them as a form.
 */
export const fgtrParamsSchema = z.object({
  k: z
    .number()
    .int()
    .min(1)
    .max(15)
    .default(5)
    .describe("Schema mapping rounds K: each round votes for a set of columns"),
  theta: z
    .number()
    .min(0)
    .max(1)
    .default(0.6)
    .describe("Consistency threshold θ: keep columns voted for in at least θ·K rounds"),
  seed: z
    .number()
    .int()
    .min(0)
    .max(2 ** 31 - 1)
    .default(1)
    .describe("Seed of the per-round shuffle of table and column order"),
  // Rules by default: on databases no training data came from, the trained linker links worse than
  // the rule scorers (docs/EVAL.md, "Schema linker"); it stays an option for Spider-like schemas.
  linker: z
    .enum(["learned", "rules"])
    .default("rules")
    .describe("Local schema mapping: the trained schema linker's probabilities, or the hand-set rule scorers"),
  linkerCut: z
    .number()
    .min(0)
    .max(1)
    .nullable()
    .default(null)
    .describe("Probability from which the linker votes for a column (empty: the trained cut)"),
  schemaFilling: z
    .boolean()
    .default(true)
    .describe("Schema filling: add primary keys and the join keys on the shortest join paths"),
  topN: z
    .number()
    .int()
    .min(1)
    .max(50)
    .default(3)
    .describe("Cell mapping: keep at least the top-n values of each text constraint"),
  cellThreshold: z
    .number()
    .min(0)
    .max(1)
    .default(0.75)
    .describe("Cell mapping: also keep every value whose similarity reaches this"),
  propagateJoins: z
    .boolean()
    .default(true)
    .describe("Cell merging: restrict unconstrained joined tables to rows that join the retrieved rows"),
  maxSubTableRows: z
    .number()
    .int()
    .min(1)
    .max(5000)
    .default(DEFAULT_MAX_SUB_TABLE_ROWS)
    .describe("Rows per sub-table shown to the llm answer step"),
  maxAnswerRows: z.number().int().min(1).max(10_000).default(200).describe("Row cap of the answer's SQL result"),
  program: programJsonSchema
    .optional()
    .describe("Answer with exactly this program (a reading the user picked) instead of ranking candidates"),
  ranker: z
    .enum(["learned", "rules"])
    .default("learned")
    .describe("Answer: rank candidate programs with the trained ranker, or keep the rule planner's plan"),
});

export type FgtrParams = z.infer<typeof fgtrParamsSchema>;
export type FgtrParamsInput = z.input<typeof fgtrParamsSchema>;

/** The defaults, as the advanced panel shows them before any change. */
export const DEFAULT_FGTR_PARAMS: FgtrParams = fgtrParamsSchema.parse({});

/** Validates user-supplied parameters, filling in defaults; throws a ZodError on bad values. */
export function parseFgtrParams(input: unknown): FgtrParams {
  return fgtrParamsSchema.parse(input ?? {});
}
