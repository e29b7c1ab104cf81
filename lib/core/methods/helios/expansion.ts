import { edgeMaxSim, type NodeMaxSims } from "./edge-retrieval";
import { nodeFeatures, type EdgeQuery } from "./edge-features";
import { expansionFeatures, gammaShare, seedContext } from "./expansion-features";
import type { HeliosIndex } from "./graph-index";
import { linear, softmax } from "./linear-model";
import type { EdgeScorer } from "./rerank";
import type { RerankModel } from "./rerank-model";
import type { ScoredEdge } from "./types";

/** Softmax temperature of the untrained scorers, whose scores lie in [0, 1]: a 0.1 lead is worth a factor e. */
const TEMPERATURE = 0.1;
/**
 * Nodes of the other side a seed scores in full: the best by the cheap half of sim([q; Γ(u)], v)
 * (the question's MaxSim plus Γ(u)'s shared IDF mass), with every node G_d links to the seed. The
 * rest would get a negligible share of p(v|u,q), and on a table of a million rows cost seconds.
 */
const SHORTLIST = 64;

export type Seed = { node: string; side: "segment" | "passage"; p: number };
export type Expansion = { seed: Seed; edges: Array<{ from: string; to: string; score: number }> };

/**
 * Seed node selection (HELIOS §4.2, first beam step): p(u|q) for every node u of G_c, the softmax
 * of the node reranker g_n's scores (without a trained one, of u's best edge score), and the top b.
 */
export function selectSeeds(
  index: HeliosIndex,
  q: EdgeQuery,
  maxSims: NodeMaxSims,
  edges: ScoredEdge[],
  beam: number,
  model?: RerankModel,
): Seed[] {
  const nodes = new Map<string, { side: Seed["side"]; bestEdge: number; edges: number }>();
  const bump = (node: string, side: Seed["side"], score: number) => {
    const cur = nodes.get(node) ?? { side, bestEdge: -Infinity, edges: 0 };
    cur.bestEdge = Math.max(cur.bestEdge, score);
    cur.edges += 1;
    nodes.set(node, cur);
  };
  for (const e of edges) {
    bump(e.segment, "segment", e.score);
    if (e.passage) bump(e.passage, "passage", e.score);
  }
  const list = [...nodes.entries()];
  const logits = list.map(([node, v]) =>
    model ? linear(model.node, nodeFeatures(index, q, maxSims, node, v.side)) : v.bestEdge / TEMPERATURE,
  );
  const p = softmax(logits);
  return list
    .map(([node, v], i) => ({ node, side: v.side, p: p[i] }))
    .sort((a, b) => b.p - a.p || a.node.localeCompare(b.node))
    .slice(0, beam);
}

/** The nodes of the other side a seed scores in full (see SHORTLIST), kept in one bounded pass. */
function shortlist(index: HeliosIndex, maxSims: NodeMaxSims, seed: ReturnType<typeof seedContext>): string[] {
  const qSims = seed.side === "segment" ? maxSims.passages : maxSims.segments;
  let best: Array<{ id: string; s: number }> = [];
  let floor = -Infinity;
  const trim = () => {
    best.sort((a, b) => b.s - a.s || a.id.localeCompare(b.id));
    best = best.slice(0, SHORTLIST);
    floor = best.length >= SHORTLIST ? best[best.length - 1].s : -Infinity;
  };
  for (const [id, sims] of qSims) {
    const s = edgeMaxSim(sims, undefined) + gammaShare(index, seed, id);
    if (s < floor) continue;
    best.push({ id, s });
    if (best.length >= 4 * SHORTLIST) trim();
  }
  trim();
  return [...new Set([...best.map((c) => c.id), ...seed.linked])];
}

/**
 * Seed node expansion (HELIOS §4.2, second beam step): for each seed u, every node v of the other
 * side of the complete bipartite graph G* is scored against the expanded query [q; Γ(u)] by the
 * trained scorers f_{S→P} / f_{P→S} (untrained: half the question's MaxSim, half Γ(u)'s shared
 * IDF mass), p(v|u,q) is the softmax over v, and p(u,v|q) = p(v|u,q)·p(u|q). The top-b pairs
 * that G_c lacks are added to it, each scored by the edge reranker g_e like every retrieved edge.
 */
export function expandNodes(
  index: HeliosIndex,
  q: EdgeQuery,
  maxSims: NodeMaxSims,
  score: EdgeScorer,
  candidate: ScoredEdge[],
  seeds: Seed[],
  beam: number,
  model?: RerankModel,
): { added: ScoredEdge[]; expansions: Expansion[] } {
  const have = new Set(candidate.map((e) => `${e.segment}|${e.passage}`));
  const pairs: Array<{ seed: Seed; other: string; joint: number }> = [];
  for (const seed of seeds) {
    if ((seed.side === "segment" ? index.passageTokens : index.segmentTokens).size === 0) continue;
    const context = seedContext(index, seed.node, seed.side);
    const others = shortlist(index, maxSims, context);
    const logits = others.map((v) =>
      model
        ? linear(model.expand, expansionFeatures(index, q, maxSims, context, v))
        : (0.5 * edgeMaxSim((seed.side === "segment" ? maxSims.passages : maxSims.segments).get(v)!, undefined) +
            0.5 * gammaShare(index, context, v)) /
          TEMPERATURE,
    );
    const p = softmax(logits);
    others.forEach((other, i) => pairs.push({ seed, other, joint: p[i] * seed.p }));
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
    added.push({ segment, passage, score: score(segment, passage) });
    bySeed.get(pair.seed.node)!.edges.push({ from: pair.seed.node, to: pair.other, score: pair.joint });
  }
  return { added, expansions: [...bySeed.values()] };
}
