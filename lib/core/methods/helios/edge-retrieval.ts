import type { HeliosIndex } from "./graph-index";
import { maxSimPerToken } from "./token-space";
import type { ScoredEdge } from "./types";

/** A query read for late interaction: its content tokens and their similarity rows. */
export type QueryVectors = { tokens: string[]; sims: Float32Array[] };

/** Per-node MaxSim vectors for one query, computed once and shared by retrieval and expansion. */
export type NodeMaxSims = { segments: Map<string, Float32Array>; passages: Map<string, Float32Array> };

/** Reads a question into query tokens and their similarity rows over the vocabulary. */
export function encodeQuery(index: HeliosIndex, question: string): QueryVectors {
  const tokens = index.space.queryTokens(question);
  return { tokens, sims: index.space.similarities(tokens) };
}

/** MaxSim of every query token against every node of G_d. */
export function nodeMaxSims(index: HeliosIndex, query: QueryVectors): NodeMaxSims {
  const segments = new Map<string, Float32Array>();
  const passages = new Map<string, Float32Array>();
  for (const [id, doc] of index.segmentTokens) segments.set(id, maxSimPerToken(query.sims, doc));
  for (const [id, doc] of index.passageTokens) passages.set(id, maxSimPerToken(query.sims, doc));
  return { segments, passages };
}

/**
 * Eq. 4 on an edge: the edge's tokens are the union of its segment's and passage's, so each query
 * token's best match is the larger of the two maxima; the sum is divided by the number of query
 * tokens so scores of different questions share a scale.
 */
export function edgeMaxSim(seg: Float32Array, pas: Float32Array | undefined): number {
  if (seg.length === 0) return 0;
  let s = 0;
  for (let q = 0; q < seg.length; q++) s += pas && pas[q] > seg[q] ? pas[q] : seg[q];
  return s / seg.length;
}

/**
 * Step 1a (HELIOS §4.1): scores every edge of G_d, plus each unlinked row as an edge without a
 * passage, by multi-vector MaxSim, and keeps the top k1.
 */
export function retrieveEdges(index: HeliosIndex, maxSims: NodeMaxSims, k1: number): ScoredEdge[] {
  const edges: ScoredEdge[] = [];
  for (const [id, seg] of maxSims.segments) {
    const links = index.bySegment.get(id);
    if (!links?.length) {
      edges.push({ segment: id, passage: null, score: edgeMaxSim(seg, undefined) });
      continue;
    }
    for (const l of links)
      edges.push({ segment: id, passage: l.passage, score: edgeMaxSim(seg, maxSims.passages.get(l.passage)) });
  }
  return topEdges(edges, k1);
}

/** The k best edges, ties broken by id so runs are reproducible. */
function topEdges(edges: ScoredEdge[], k: number): ScoredEdge[] {
  return [...edges]
    .sort(
      (a, b) =>
        b.score - a.score || a.segment.localeCompare(b.segment) || String(a.passage).localeCompare(String(b.passage)),
    )
    .slice(0, k);
}
