import { normalizeText, words } from "../../text/normalize";
import { edgeFeatures, type EdgeQuery } from "./edge-features";
import type { NodeMaxSims, QueryVectors } from "./edge-retrieval";
import type { HeliosIndex } from "./graph-index";
import { edgeText } from "./linearize";
import { linear } from "./linear-model";
import { linkOf, type RerankModel } from "./rerank-model";
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

/**
 * Λ of an edge for one question: the score every stage ranks edges by. With a trained g_e it is the
 * reranker's probability of the edge among the k1 retrieved ones (the softmax of its log-linear
 * scores over them, once `normalizeOver` has seen them), so edges that node expansion or the
 * aggregation add later are scored on the same scale; without one, the fine score in [0, 1].
 */
export type EdgeScorer = ((segment: string, passage: string | null) => number) & {
  trained: boolean;
  normalizeOver(edges: ScoredEdge[]): void;
};

/**
 * The edge reranker g_e (HELIOS §4.1) for one question: the trained log-linear model over the
 * edge's alignment features when one is loaded, else the untrained fine scorer above. Reranking,
 * node expansion's new edges and aggregation's rows are all scored by it, as in the paper.
 */
export function edgeScorer(index: HeliosIndex, q: EdgeQuery, maxSims: NodeMaxSims, model?: RerankModel): EdgeScorer {
  if (!model) {
    const fine = (segment: string, passage: string | null) => fineScore(index, q, maxSims, segment, passage);
    return Object.assign(fine, { trained: false, normalizeOver: () => {} });
  }
  const logits = new Map<string, number>();
  const logit = (segment: string, passage: string | null) => {
    const key = `${segment}|${passage}`;
    let l = logits.get(key);
    if (l === undefined) {
      l = linear(model.edge, edgeFeatures(index, q, maxSims, segment, passage, linkOf(index, segment, passage)));
      logits.set(key, l);
    }
    return l;
  };
  let logZ = 0;
  const score = (segment: string, passage: string | null) => Math.min(1, Math.exp(logit(segment, passage) - logZ));
  return Object.assign(score, {
    trained: true,
    normalizeOver(edges: ScoredEdge[]) {
      const ls = edges.map((e) => logit(e.segment, e.passage));
      if (!ls.length) return;
      const max = Math.max(...ls);
      logZ = max + Math.log(ls.reduce((a, l) => a + Math.exp(l - max), 0));
    },
  });
}

/** Step 1b: rescores the k1 edges with g_e and keeps the top k2, noting old ranks. */
export function rerankEdges(
  score: EdgeScorer,
  edges: ScoredEdge[],
  k2: number,
): Array<ScoredEdge & { previousRank: number }> {
  score.normalizeOver(edges);
  return edges
    .map((e, previousRank) => ({ ...e, score: score(e.segment, e.passage), previousRank }))
    .sort((a, b) => b.score - a.score || a.previousRank - b.previousRank)
    .slice(0, k2);
}
