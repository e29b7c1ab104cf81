import { z } from "zod";

/**
 * GraphOTTER's parameters (§3.2–3.3, §4.4): the initial trace holds at most `initCells` cells
 * (the paper uses up to 8), the loop stops after `maxSteps` actions, and `table` picks the table
 * of a multi-table dataset (otherwise the one FGTR's schema retrieval ranks first).
 */
export const graphotterParamsSchema = z.object({
  initCells: z
    .number()
    .int()
    .min(1)
    .max(32)
    .default(8)
    .describe("Trace initialisation: at most this many cells start the reasoning trace"),
  maxSteps: z
    .number()
    .int()
    .min(1)
    .max(30)
    .default(10)
    .describe("Thought–Action–Update loop: at most this many actions before answering"),
  table: z
    .string()
    .max(200)
    .optional()
    .describe("Table to reason over (multi-table datasets); empty = the table schema retrieval ranks first"),
});

export type GraphotterParams = z.infer<typeof graphotterParamsSchema>;
export type GraphotterParamsInput = z.input<typeof graphotterParamsSchema>;

/** Validates parameters and fills defaults; throws a ZodError on bad values. */
export function parseGraphotterParams(input: unknown): GraphotterParams {
  const p = graphotterParamsSchema.parse(input ?? {});
  return p.table === "" ? { ...p, table: undefined } : p;
}
