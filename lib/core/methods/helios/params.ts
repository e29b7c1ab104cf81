import { z } from "zod";
import { HELIOS_MAX_BEAM, HELIOS_MAX_EDGES } from "../../model/limits";

/**
 * HELIOS's parameters with the paper's defaults (§4, Appendix H): k1 edges from late-interaction
 * retrieval, k2 after reranking, beam b of node expansion, and switches for the ablations of
 * Table 4 (no expansion, no refinement). Rendered as a form by the workbench's advanced panel.
 */
export const heliosParamsSchema = z.object({
  k1: z
    .number()
    .int()
    .min(1)
    .max(HELIOS_MAX_EDGES)
    .default(400)
    .describe("Edge retrieval: top-k1 edges by multi-vector MaxSim"),
  k2: z
    .number()
    .int()
    .min(1)
    .max(HELIOS_MAX_EDGES)
    .default(100)
    .describe("Reranking: keep the top-k2 edges by the all-to-all scorer"),
  beam: z
    .number()
    .int()
    .min(0)
    .max(HELIOS_MAX_BEAM)
    .default(10)
    .describe("Node expansion: beam b (seed nodes and edges added per seed)"),
  expansion: z.boolean().default(true).describe("Query-relevant node expansion (switch off for the ablation)"),
  refinement: z.boolean().default(true).describe("Star-based refinement: aggregation and passage verification"),
  aggregation: z
    .boolean()
    .default(true)
    .describe("Refinement: column-wise aggregation when the question compares rows"),
  verification: z.boolean().default(true).describe("Refinement: passage verification of the top stars"),
  readerStars: z
    .number()
    .int()
    .min(1)
    .max(50)
    .default(5)
    .describe("Reader: how many top stars (a row with its passages) it reads"),
  reader: z
    .enum(["learned", "overlap"])
    .default("learned")
    .describe("Reader: the trained span reader (scores cell and passage spans), or the untrained overlap reader"),
  readerAbstains: z
    .boolean()
    .default(false)
    .describe(
      "Reader: give no answer below the trained reader's threshold (off: answer with the best span " +
        "and let HELIOS's verdict say how sure it is)",
    ),
});

export type HeliosParams = z.infer<typeof heliosParamsSchema>;
export type HeliosParamsInput = z.input<typeof heliosParamsSchema>;

/** Validates user-supplied parameters, filling in defaults; throws a ZodError on bad values. */
export function parseHeliosParams(input: unknown): HeliosParams {
  return heliosParamsSchema.parse(input ?? {});
}
