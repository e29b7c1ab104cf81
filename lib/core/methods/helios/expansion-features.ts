import { normalizeText } from "../../text/normalize";
import type { EdgeQuery } from "./edge-features";
import type { NodeMaxSims } from "./edge-retrieval";
import type { HeliosIndex } from "./graph-index";
import { passageText, segmentText } from "./linearize";

/** A MaxSim at or above this is the same word (an exact or same-stem match). */
const SAME_WORD = 0.95;
/** Shortest cell value taken as a mention when a passage writes it (shorter ones are numbers and codes). */
const MENTION_CHARS = 4;

/**
 * A seed u read as the second half of the expanded query [q; Γ(u)] (HELIOS §4.2): its tokens with
 * their IDF weights, its text for mentions, and the nodes G_d already links it to.
 */
export type SeedContext = {
  node: string;
  side: "segment" | "passage";
  weights: Map<number, number>;
  total: number;
  padded: string;
  linked: Set<string>;
};

/** Γ(u) of a seed node. */
export function seedContext(index: HeliosIndex, node: string, side: "segment" | "passage"): SeedContext {
  const ids = (side === "segment" ? index.segmentTokens : index.passageTokens).get(node) ?? new Int32Array();
  const weights = new Map<number, number>();
  let total = 0;
  for (const id of ids) {
    const w = index.space.idfOf(id);
    weights.set(id, w);
    total += w;
  }
  const text =
    side === "segment" ? segmentText(index.segments.get(node)!) : passageText(index.passages.get(node)!, 200);
  const links = (side === "segment" ? index.bySegment : index.byPassage).get(node) ?? [];
  return {
    node,
    side,
    weights,
    total: total || 1,
    padded: ` ${normalizeText(text)} `,
    linked: new Set(links.map((l) => (side === "segment" ? l.passage : l.segment))),
  };
}

/** The cheap part of sim([q; Γ(u)], v): Γ(u)'s IDF mass that v's tokens hold. */
export function gammaShare(index: HeliosIndex, seed: SeedContext, v: string): number {
  const ids = (seed.side === "segment" ? index.passageTokens : index.segmentTokens).get(v);
  if (!ids) return 0;
  let hit = 0;
  for (const id of ids) hit += seed.weights.get(id) ?? 0;
  return hit / seed.total;
}

/** Whether the seed's text names v: a passage's title, or a cell value of a row (a passage mentioning it). */
function mentions(index: HeliosIndex, seed: SeedContext, v: string): boolean {
  if (seed.side === "segment") {
    const p = index.passages.get(v);
    const title = p ? normalizeText(p.title.replace(/\s*\([^)]*\)\s*$/, "")) : "";
    return title.length >= MENTION_CHARS && seed.padded.includes(` ${title} `);
  }
  const s = index.segments.get(v);
  return !!s?.values.some((x) => {
    const n = x === null ? "" : normalizeText(String(x));
    return n.length >= MENTION_CHARS && /\p{L}/u.test(n) && seed.padded.includes(` ${n} `);
  });
}

/**
 * Features of a node v against the expanded query [q; Γ(u)], for the trained expanded-query
 * scorers f_{S→P} and f_{P→S} (HELIOS §4.2, Appendix A.3): how much of the question v matches, how
 * much of the seed it shares, whether the seed names it and whether G_d already links the two.
 */
export function expansionFeatures(
  index: HeliosIndex,
  q: EdgeQuery,
  maxSims: NodeMaxSims,
  seed: SeedContext,
  v: string,
): Record<string, number> {
  const sims = seed.side === "segment" ? maxSims.passages.get(v) : maxSims.segments.get(v);
  let soft = 0;
  let exact = 0;
  if (sims)
    for (let i = 0; i < sims.length; i++) {
      soft += q.weights[i] * sims[i] * sims[i];
      if (sims[i] >= SAME_WORD) exact += q.weights[i];
    }
  const dir = seed.side === "segment" ? "s>p" : "p>s";
  return {
    [`${dir}:qSoft`]: soft / q.total,
    [`${dir}:qExact`]: exact / q.total,
    [`${dir}:gamma`]: gammaShare(index, seed, v),
    [`${dir}:mentions`]: mentions(index, seed, v) ? 1 : 0,
    [`${dir}:linked`]: seed.linked.has(v) ? 1 : 0,
  };
}
