import { words } from "../../text/normalize";
import type { NodeMaxSims } from "./edge-retrieval";
import { edgeMaxSim } from "./edge-retrieval";
import type { HeliosIndex } from "./graph-index";
import { passageText, segmentText } from "./linearize";
import { fineScore, type FineQuery } from "./rerank";
import { isStopword } from "./stopwords";
import { maxSimPerToken } from "./token-space";
import type { ScoredEdge } from "./types";

/** Softmax temperature over scores in [0, 1]: 0.1 makes a 0.1 lead worth a factor e. */
const TEMPERATURE = 0.1;
/** Factor on an expanded edge's score: it was inferred, not linked in the data. */
const EXPANDED_DISCOUNT = 0.6;
/** Words of a seed node added to the query ([q; Γ(u)]), the rarest first. */
const CONTEXT_TOKENS = 12;

export type Seed = { node: string; side: "segment" | "passage"; p: number };
export type Expansion = { seed: Seed; edges: Array<{ from: string; to: string; score: number }> };

/** Softmax of scores with the temperature above. */
export function softmax(scores: number[]): number[] {
  if (!scores.length) return [];
  const max = Math.max(...scores);
  const ex = scores.map((s) => Math.exp((s - max) / TEMPERATURE));
  const sum = ex.reduce((a, b) => a + b, 0);
  return ex.map((e) => e / sum);
}

/** Seed nodes (HELIOS §4.2): the top-b nodes of G_c by p(u|q), a softmax of their best edge score. */
export function selectSeeds(edges: ScoredEdge[], beam: number): Seed[] {
  const best = new Map<string, { side: Seed["side"]; score: number }>();
  const bump = (node: string, side: Seed["side"], score: number) => {
    if ((best.get(node)?.score ?? -1) < score) best.set(node, { side, score });
  };
  for (const e of edges) {
    bump(e.segment, "segment", e.score);
    if (e.passage) bump(e.passage, "passage", e.score);
  }
  const nodes = [...best.entries()];
  const p = softmax(nodes.map(([, v]) => v.score));
  return nodes
    .map(([node, v], i) => ({ node, side: v.side, p: p[i] }))
    .sort((a, b) => b.p - a.p || a.node.localeCompare(b.node))
    .slice(0, beam);
}

/** Γ(u): the seed's rarest content words, which say what the seed is about. */
function contextTokens(index: HeliosIndex, seed: Seed): string[] {
  const text =
    seed.side === "segment"
      ? segmentText(index.segments.get(seed.node)!)
      : passageText(index.passages.get(seed.node)!, 40);
  const ws = [...new Set(words(text).filter((w) => !isStopword(w) && w.length > 1))];
  return ws.sort((a, b) => index.space.idf(b) - index.space.idf(a) || a.localeCompare(b)).slice(0, CONTEXT_TOKENS);
}

/**
 * Query-relevant node expansion (HELIOS §4.2): for each seed u, every node v of the other side
 * of the complete bipartite graph is scored with the expanded query [q; Γ(u)] (half the question's
 * MaxSim, half Γ(u)'s), p(v|u,q) is the softmax of those scores over v, and p(u,v|q) =
 * p(v|u,q)·p(u|q). The top-b pairs not yet in G_c become new edges, scored for the final
 * ranking by the same fine scorer as every retrieved edge.
 */
export function expandNodes(
  index: HeliosIndex,
  fq: FineQuery,
  maxSims: NodeMaxSims,
  candidate: ScoredEdge[],
  seeds: Seed[],
  beam: number,
): { added: ScoredEdge[]; expansions: Expansion[] } {
  const have = new Set(candidate.map((e) => `${e.segment}|${e.passage}`));
  const pairs: Array<{ seed: Seed; other: string; joint: number }> = [];
  for (const seed of seeds) {
    const others = seed.side === "segment" ? index.passageTokens : index.segmentTokens;
    // A row seed of a dataset without passages has no other side: skip Γ(u)'s similarity rows,
    // which cost a pass over the whole vocabulary per seed.
    if (others.size === 0) continue;
    const gamma = contextTokens(index, seed);
    const gammaSims = index.space.similarities(
      gamma,
      seed.side === "segment" ? index.vocabulary.passages : index.vocabulary.segments,
    );
    const qSims = seed.side === "segment" ? maxSims.passages : maxSims.segments;
    const ids: string[] = [];
    const scores: number[] = [];
    for (const [id, doc] of others) {
      const g = maxSimPerToken(gammaSims, doc);
      let gs = 0;
      for (const x of g) gs += x;
      const qs = edgeMaxSim(qSims.get(id)!, undefined);
      ids.push(id);
      scores.push(0.5 * qs + 0.5 * (gamma.length ? gs / gamma.length : 0));
    }
    const p = softmax(scores);
    // Only a seed's best `beam + |G_c|` pairs can make the overall top b (at most |G_c| of them are
    // edges G_c already has), so the rest never reach the sort below: 50,000 rows per seed would.
    const keep = beam + have.size;
    const floor = p.length > keep ? Float64Array.from(p).sort()[p.length - keep] : -Infinity;
    ids.forEach((id, i) => {
      if (p[i] >= floor) pairs.push({ seed, other: id, joint: p[i] * seed.p });
    });
  }
  pairs.sort((a, b) => b.joint - a.joint || a.other.localeCompare(b.other));
  const added: ScoredEdge[] = [];
  const bySeed = new Map<string, Expansion>(seeds.map((s) => [s.node, { seed: s, edges: [] }]));
  for (const pair of pairs) {
    if (added.length >= beam) break;
    const segment = pair.seed.side === "segment" ? pair.seed.node : pair.other;
    const passage = pair.seed.side === "segment" ? pair.other : pair.seed.node;
    if (have.has(`${segment}|${passage}`)) continue;
    have.add(`${segment}|${passage}`);
    // Discounted so that, at equal text score, an edge found by linking outranks a guessed one.
    added.push({ segment, passage, score: EXPANDED_DISCOUNT * fineScore(index, fq, maxSims, segment, passage) });
    bySeed.get(pair.seed.node)!.edges.push({ from: pair.seed.node, to: pair.other, score: pair.joint });
  }
  return { added, expansions: [...bySeed.values()] };
}
