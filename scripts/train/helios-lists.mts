// The training lists of HELIOS's rerankers for one hybridqa_train question (Appendix A.1–A.3 of
// the paper): the k1 edges MaxSim retrieves (g_e), the nodes of the best k2 of them (g_n), and for
// each node linked to the answer's node, the other side's nodes against [q; Γ(u)] (f_{S→P}, f_{P→S}).
import { edgeFeatures, edgeQuery, nodeFeatures } from "../../lib/core/methods/helios/edge-features.ts";
import { encodeQuery, nodeMaxSims, retrieveEdges } from "../../lib/core/methods/helios/edge-retrieval.ts";
import { expansionFeatures, seedContext } from "../../lib/core/methods/helios/expansion-features.ts";
import type { HeliosIndex } from "../../lib/core/methods/helios/graph-index.ts";
import type { FeatureTable, ListExample } from "../../lib/core/methods/helios/linear-model.ts";
import { linkOf } from "../../lib/core/methods/helios/rerank-model.ts";
import { fineQuery, fineScore } from "../../lib/core/methods/helios/rerank.ts";
import { answerNodes, edgeHasAnswer, isAnswerEdge, type HybridQuestion } from "./helios-data.mts";

/** k1 of retrieval at run time: the reranker ranks what MaxSim keeps. */
const K1 = 400;
/** Edges whose nodes are candidate seeds (k2 at run time). */
const K2 = 100;
/** Other-side nodes listed per seed beside the answer's: the best by the question's MaxSim. */
const EXPAND_CANDIDATES = 64;
/**
 * Rows and passages whose unlinked pairs join a question's edge list: node expansion pairs a
 * question's best rows with its best passages, and g_e must learn that such a pair is not an edge
 * of the data unless its halves belong together.
 */
const UNLINKED_FROM = 8;

export type Tables = { edge: FeatureTable; node: FeatureTable; expand: FeatureTable };

/** One question's lists. `has` marks the edges whose text holds the answer (what AR@k counts). */
export type QuestionLists = {
  table: string;
  edges: ListExample;
  has: boolean[];
  /** The untrained orders, to compare against: MaxSim and the fine scorer. */
  baseline: { maxsim: number[]; fine: number[] };
  nodes: ListExample | null;
  expansions: ListExample[];
};

type Side = "segment" | "passage";

/** The nodes linked in G_d to a question's answer nodes: the seeds from which expansion reaches the answer. */
function answerNeighbours(index: HeliosIndex, q: HybridQuestion) {
  const gold = answerNodes(q);
  const answer: Array<{ node: string; side: Side }> = [...gold.segments].map((node) => ({ node, side: "segment" }));
  for (const e of gold.edges) answer.push({ node: e.slice(e.indexOf("|") + 1), side: "passage" });
  const seeds = new Map<string, { side: Side; targets: Set<string> }>();
  for (const a of answer) {
    const links = (a.side === "segment" ? index.bySegment : index.byPassage).get(a.node) ?? [];
    for (const l of links) {
      const node = a.side === "segment" ? l.passage : l.segment;
      const s = seeds.get(node) ?? { side: a.side === "segment" ? "passage" : "segment", targets: new Set() };
      s.targets.add(a.node);
      seeds.set(node, s);
    }
  }
  return seeds;
}

/** The unlinked pairs of the question's best rows and best passages by MaxSim (see UNLINKED_FROM). */
function unlinkedPairs(index: HeliosIndex, ms: ReturnType<typeof nodeMaxSims>) {
  const best = (m: Map<string, Float32Array>) =>
    [...m.entries()]
      .map(([id, s]) => ({ id, s: s.reduce((a, b) => a + b, 0) }))
      .sort((a, b) => b.s - a.s || a.id.localeCompare(b.id))
      .slice(0, UNLINKED_FROM)
      .map((x) => x.id);
  const passages = best(ms.passages);
  return best(ms.segments).flatMap((segment) =>
    passages
      .filter((p) => !index.bySegment.get(segment)?.some((l) => l.passage === p))
      .map((passage) => ({ segment, passage, score: 0 })),
  );
}

/** Builds a question's lists over its chunk's index. */
export function questionLists(index: HeliosIndex, q: HybridQuestion, tables: Tables): QuestionLists {
  const query = encodeQuery(index, q.question);
  const ms = nodeMaxSims(index, query);
  const fq = fineQuery(index, q.question, query);
  const eq = edgeQuery(q.question, fq, query.sims);
  const k1 = [...retrieveEdges(index, ms, K1), ...unlinkedPairs(index, ms)];
  const gold = answerNodes(q);
  const fine = k1.map((e) => fineScore(index, fq, ms, e.segment, e.passage));
  const edges: ListExample = {
    rows: k1.map((e) =>
      tables.edge.row(edgeFeatures(index, eq, ms, e.segment, e.passage, linkOf(index, e.segment, e.passage))),
    ),
    positives: k1.flatMap((e, i) => (isAnswerEdge(gold, e.segment, e.passage) ? [i] : [])),
  };
  // G_c's nodes as the untrained fine scorer ranks it (the trained g_e is what this run fits).
  const top = k1
    .map((e, i) => ({ ...e, fine: fine[i] }))
    .sort((a, b) => b.fine - a.fine)
    .slice(0, K2);
  const neighbours = answerNeighbours(index, q);
  const nodeList = new Map<string, { side: Side }>();
  for (const e of top) {
    nodeList.set(e.segment, { side: "segment" });
    if (e.passage) nodeList.set(e.passage, { side: "passage" });
  }
  const nodeIds = [...nodeList.keys()];
  const nodes: ListExample = {
    rows: nodeIds.map((id) => {
      return tables.node.row(nodeFeatures(index, eq, ms, id, nodeList.get(id)!.side));
    }),
    positives: nodeIds.flatMap((id, i) => (neighbours.has(id) ? [i] : [])),
  };
  const expansions: ListExample[] = [];
  for (const [seed, { side, targets }] of neighbours) {
    const context = seedContext(index, seed, side);
    const others = side === "segment" ? ms.passages : ms.segments;
    const ranked = [...others.keys()]
      .map((id) => ({ id, s: others.get(id)!.reduce((a, b) => a + b, 0) }))
      .sort((a, b) => b.s - a.s || a.id.localeCompare(b.id))
      .slice(0, EXPAND_CANDIDATES)
      .map((x) => x.id);
    const list = [...new Set([...ranked, ...context.linked, ...targets])];
    expansions.push({
      rows: list.map((v) => tables.expand.row(expansionFeatures(index, eq, ms, context, v))),
      positives: list.flatMap((v, i) => (targets.has(v) ? [i] : [])),
    });
  }
  return {
    table: q.table_id,
    edges,
    has: k1.map((e) => edgeHasAnswer(index, q["answer-text"], e.segment, e.passage)),
    baseline: { maxsim: k1.map((e) => e.score), fine },
    nodes: nodes.positives.length ? nodes : null,
    expansions,
  };
}
