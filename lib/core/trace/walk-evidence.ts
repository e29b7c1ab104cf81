import { z } from "zod";

/**
 * GraphOTTER's own evidence for its answer (the verdict's features): the cell model's probability
 * of the cell it landed on, the label model's for the headers naming it, how much of the question
 * those headers cover, the operation read and its probability, cells reached and steps taken.
 */
export const walkEvidenceSchema = z.object({
  cellProbability: z.number().min(0).max(1),
  labelProbability: z.number().min(0).max(1),
  coverage: z.number().min(0).max(1),
  operation: z.string(),
  operationProbability: z.number().min(0).max(1),
  /** Runner-up cell's probability (how contested the landing was). */
  runnerUp: z.number().min(0).max(1),
  cellsReached: z.number().int().nonnegative(),
  headersMatched: z.number().int().nonnegative(),
  steps: z.number().int().nonnegative(),
  /** The table was plain and large: GraphOTTER read only the rows its SQL pre-filter selected. */
  prefiltered: z.boolean().optional(),
  /** The answer's cell is the one the cell model ranks first where the best labels meet. */
  inReach: z.boolean().optional(),
  /** How much more strongly the question names a sibling of one of the cell's headers (0–1). */
  siblingNamed: z.number().min(0).max(1).optional(),
  /** The question names a header of the cell and a sibling of it about as strongly (0–1). */
  tie: z.number().min(0).max(1).optional(),
  /** Weighted share of the question's terms the cell's headers cover, and the weight they miss. */
  cover: z.number().min(0).max(1).optional(),
  missed: z.number().min(0).optional(),
});
