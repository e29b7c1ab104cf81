import { normalizeText, words } from "../../text/normalize";
import type { NodeMaxSims, QueryVectors } from "./edge-retrieval";
import type { HeliosIndex } from "./graph-index";
import { edgeText } from "./linearize";
import { isStopword } from "./stopwords";
import type { ScoredEdge } from "./types";

/** The all-to-all scorer's view of one question: token weights and the phrases to look for. */
export type FineQuery = { weights: number[]; phrases: string[]; numbers: string[] };

/** IDF weights of the query tokens, and its content bigrams and numbers as exact phrases. */
export function fineQuery(index: HeliosIndex, question: string, query: QueryVectors): FineQuery {
  const ws = words(question);
  const phrases: string[] = [];
  for (let i = 0; i + 1 < ws.length; i++)
    if (!isStopword(ws[i]) || !isStopword(ws[i + 1])) phrases.push(`${ws[i]} ${ws[i + 1]}`);
  return { weights: query.tokens.map((t) => index.space.idf(t)), phrases, numbers: ws.filter((w) => /^\d+$/.test(w)) };
}

/**
 * The finer scorer of reranking (HELIOS §4.1 uses a cross-encoder): every query token against
 * every edge token again, now weighted by IDF so rare words (names, titles) count more than
 * common ones, plus the share of the question's word pairs found verbatim in the edge, which
 * rewards order that token-level MaxSim cannot see. Returns a score in [0, 1].
 */
export function fineScore(
  index: HeliosIndex,
  fq: FineQuery,
  maxSims: NodeMaxSims,
  segment: string,
  passage: string | null,
): number {
  const seg = maxSims.segments.get(segment);
  const seg0 = index.segments.get(segment);
  if (!seg || !seg0) return 0;
  const pas = passage ? maxSims.passages.get(passage) : undefined;
  let num = 0;
  let den = 0;
  for (let q = 0; q < seg.length; q++) {
    const m = pas && pas[q] > seg[q] ? pas[q] : seg[q];
    num += fq.weights[q] * m * m; // squared: a near-miss token counts much less than a hit
    den += fq.weights[q];
  }
  const soft = den ? num / den : 0;
  if (!fq.phrases.length) return soft;
  const p = passage ? (index.passages.get(passage) ?? null) : null;
  const text = ` ${normalizeText(edgeText(seg0, p))} `;
  const found = fq.phrases.filter((ph) => text.includes(` ${ph} `)).length;
  return 0.75 * soft + 0.25 * (found / fq.phrases.length);
}

/** Step 1b: rescores the k1 edges with the finer scorer and keeps the top k2, noting old ranks. */
export function rerankEdges(
  index: HeliosIndex,
  fq: FineQuery,
  maxSims: NodeMaxSims,
  edges: ScoredEdge[],
  k2: number,
): Array<ScoredEdge & { previousRank: number }> {
  return edges
    .map((e, previousRank) => ({ ...e, score: fineScore(index, fq, maxSims, e.segment, e.passage), previousRank }))
    .sort((a, b) => b.score - a.score || a.previousRank - b.previousRank)
    .slice(0, k2);
}
