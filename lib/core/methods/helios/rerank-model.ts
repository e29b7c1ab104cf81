import { z } from "zod";
import type { HeliosIndex } from "./graph-index";
import type { Link } from "./types";

/**
 * HELIOS's trained rerankers (models/helios-reranker.json, scripts/train/trainers/helios-reranker.mts):
 * log-linear weights over the edge features (g_e, §4.1: reranking, and the score of every edge
 * node expansion adds) and over the node features (g_n, §4.2: seed selection), fitted listwise on
 * hybridqa_train.
 */
export const rerankModelSchema = z.object({
  kind: z.literal("helios-reranker"),
  version: z.literal(1),
  edge: z.record(z.string(), z.number()),
  node: z.record(z.string(), z.number()),
  /** The expanded-query scorers f_{S→P} and f_{P→S} (§4.2), one weight vector over direction-prefixed features. */
  expand: z.record(z.string(), z.number()),
});
export type RerankModel = z.infer<typeof rerankModelSchema>;

/** The link of G_d behind an edge, when the edge was linked in the data (not added by expansion). */
export function linkOf(index: HeliosIndex, segment: string, passage: string | null): Link | undefined {
  if (!passage) return undefined;
  return index.bySegment.get(segment)?.find((l) => l.passage === passage);
}
