import { z } from "zod";
import type { FeatureVector } from "./features";

/**
 * The program ranker's weights: a log-linear model over sparse features. `static` scores every
 * candidate before it runs (which ones to execute); `full` adds the denotation features and picks
 * the answer among the executed ones.
 */
export const programRankerSchema = z.object({
  format: z.literal("tablesight.program-ranker"),
  version: z.literal(1),
  /** How many top candidates to execute for denotation features. */
  execute: z.number().int().min(1).max(20),
  /**
   * How much better (in full score) another candidate must be than the rule planner's own plan
   * to replace it; chosen by cross-validation over training databases.
   */
  margin: z.number().min(0),
  static: z.record(z.string(), z.number()),
  full: z.record(z.string(), z.number()),
});
export type ProgramRanker = z.infer<typeof programRankerSchema>;
export type Weights = Record<string, number>;

/** The linear score w·f. */
export function scoreFeatures(weights: Weights, features: FeatureVector): number {
  let s = 0;
  for (const [k, v] of features) {
    const w = weights[k];
    if (w !== undefined) s += w * v;
  }
  return s;
}

/** Softmax probabilities of scores (stable). */
export function softmax(scores: number[]): number[] {
  if (!scores.length) return [];
  const max = Math.max(...scores);
  const exps = scores.map((s) => Math.exp(s - max));
  const sum = exps.reduce((a, b) => a + b, 0);
  return exps.map((e) => e / sum);
}

/**
 * Indices of items sorted by score, best first; ties keep the earlier item (candidates are
 * generated in a fixed order, so the ranking is deterministic).
 */
export function rankOrder(scores: number[]): number[] {
  return scores.map((_, i) => i).sort((a, b) => scores[b] - scores[a] || a - b);
}
