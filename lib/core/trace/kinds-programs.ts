import { z } from "zod";
import { eventBase } from "./atoms";

/** One ranked candidate program: its SQL, its kind, the ranker's score and softmax probability. */
const programCandidateSchema = z.object({
  sql: z.string(),
  operation: z.string(),
  score: z.number(),
  probability: z.number().min(0).max(1),
  /** The program in words ("number of Customers whose Country is Germany"); absent in runs stored earlier. */
  reading: z.string().max(1000).optional(),
});

/**
 * The answer step's candidate programs, ranked by the trained program ranker (best first, at
 * most 5): why the answer's SQL won. `generated` counts every candidate of the grammar,
 * `executed` those run for their result; probabilities are a softmax over the executed ones.
 */
export const programCandidatesEvent = z.object({
  ...eventBase,
  type: z.literal("program-candidates"),
  ranker: z.enum(["learned", "rules"]),
  generated: z.number().int().nonnegative(),
  executed: z.number().int().nonnegative(),
  candidates: z.array(programCandidateSchema).max(5),
});

/**
 * The answer's program was given, not ranked: the one the user picked among the readings, or a
 * confirmed answer of a similar earlier question (its conditions re-read from this question).
 */
export const programReuseEvent = z.object({
  ...eventBase,
  type: z.literal("program-reuse"),
  source: z.enum(["picked", "learned"]),
  reading: z.string().max(1000),
  /** For "learned": the earlier question and how close it is (0–1). */
  question: z.string().max(2000).optional(),
  similarity: z.number().min(0).max(1).optional(),
});
