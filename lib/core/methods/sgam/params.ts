import { z } from "zod";
import { programJsonSchema } from "../../model/program";

/**
 * SGAM's parameters. τ is eq. 2's threshold on the squared, min-max normalised similarity;
 * the others bound the work on large schemas. Defaults tuned on the spider tune split only.
 */
export const sgamParamsSchema = z.object({
  // Rules by default: on databases no training data came from, the trained linker links worse than
  // the rule scorers (docs/EVAL.md, "Schema linker"); it stays an option for Spider-like schemas.
  linker: z
    .enum(["learned", "rules"])
    .default("rules")
    .describe("Local attribute retrieval: the trained schema linker's probabilities, or eq. 2 over keyword sets"),
  tau: z.number().min(0).max(1).default(0.6).describe("τ: keep attributes whose normalised similarity s' ≥ τ (eq. 2)"),
  maxAttributes: z
    .number()
    .int()
    .min(1)
    .max(20)
    .default(3)
    .describe("At most this many attributes per question segment"),
  minSimilarity: z
    .number()
    .min(0)
    .max(1)
    .default(0.12)
    .describe("Raw similarity below which a segment names no attribute at all"),
  topN: z.number().int().min(1).max(50).default(3).describe("Cell-index values per condition (as FGTR's cell mapping)"),
  cellThreshold: z.number().min(0).max(1).default(0.75).describe("Cell-index similarity kept beyond the top n"),
  maxAnswerRows: z.number().int().min(1).max(10_000).default(200).describe("Rows the answer's SQL returns at most"),
  ranker: z
    .enum(["learned", "rules"])
    .default("learned")
    .describe("SQL: rank candidate programs with the trained ranker, or keep the rule planner's plan"),
  program: programJsonSchema
    .optional()
    .describe("Answer with exactly this program (a reading the user picked) instead of ranking candidates"),
});
export type SgamParams = z.infer<typeof sgamParamsSchema>;
export type SgamParamsInput = z.input<typeof sgamParamsSchema>;

/** Parameters with defaults; throws a ZodError naming the bad one. */
export function parseSgamParams(raw: unknown): SgamParams {
  return sgamParamsSchema.parse(raw ?? {});
}
