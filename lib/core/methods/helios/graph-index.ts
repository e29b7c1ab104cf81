import { passageText, segmentText } from "./linearize";
import { TokenSpace } from "./token-space";
import type { BipartiteGraph, Link, Passage, Segment } from "./types";

/**
 * G_d ready for retrieval: nodes by id, adjacency both ways, and every node's token ids in one
 * shared TokenSpace. Built once per dataset (and once for an eval corpus) and reused by questions.
 */
export type HeliosIndex = {
  space: TokenSpace;
  segments: Map<string, Segment>;
  passages: Map<string, Passage>;
  segmentTokens: Map<string, Int32Array>;
  passageTokens: Map<string, Int32Array>;
  /** The distinct token ids of all segments and of all passages: what a similarity row must cover for each side. */
  vocabulary: { segments: Int32Array; passages: Int32Array };
  /** segment id → its links; passage id → its links. */
  bySegment: Map<string, Link[]>;
  byPassage: Map<string, Link[]>;
  /** Segment ids per table, in row order (column-wise aggregation restores whole tables). */
  tables: Map<string, string[]>;
  links: Link[];
};

/** Documents tokenised between two turns of an index built in turns (a few milliseconds' work). */
const DOCUMENTS_PER_TURN = 500;

/** Indexes a bipartite graph; links to unknown nodes are dropped. */
export function buildHeliosIndex(graph: BipartiteGraph, space = new TokenSpace()): HeliosIndex {
  const steps = indexSteps(graph, space);
  for (let step = steps.next(); ; step = steps.next()) if (step.done) return step.value;
}

/**
 * The same index built in turns: `pause` runs every DOCUMENTS_PER_TURN documents, so a server can
 * let other requests in while 50,000 rows are tokenised.
 */
export async function buildHeliosIndexInTurns(
  graph: BipartiteGraph,
  pause: () => Promise<void>,
  space = new TokenSpace(),
): Promise<HeliosIndex> {
  const steps = indexSteps(graph, space);
  for (let step = steps.next(); ; step = steps.next()) {
    if (step.done) return step.value;
    await pause();
  }
}

function* indexSteps(graph: BipartiteGraph, space: TokenSpace): Generator<void, HeliosIndex> {
  const segments = new Map(graph.segments.map((s) => [s.id, s]));
  const passages = new Map(graph.passages.map((p) => [p.id, p]));
  const segmentTokens = new Map<string, Int32Array>();
  const passageTokens = new Map<string, Int32Array>();
  const tables = new Map<string, string[]>();
  let documents = 0;
  for (const s of graph.segments) {
    segmentTokens.set(s.id, space.addDocument(segmentText(s)));
    const list = tables.get(s.table) ?? [];
    list.push(s.id);
    tables.set(s.table, list);
    if (++documents % DOCUMENTS_PER_TURN === 0) yield;
  }
  for (const p of graph.passages) {
    passageTokens.set(p.id, space.addDocument(passageText(p)));
    if (++documents % DOCUMENTS_PER_TURN === 0) yield;
  }
  const bySegment = new Map<string, Link[]>();
  const byPassage = new Map<string, Link[]>();
  const links = graph.links.filter((l) => segments.has(l.segment) && passages.has(l.passage));
  // Appended in place: a passage linked to 25,000 rows must not copy its list once per link.
  const append = (map: Map<string, Link[]>, key: string, l: Link) => {
    const list = map.get(key);
    if (list) list.push(l);
    else map.set(key, [l]);
  };
  for (const l of links) {
    append(bySegment, l.segment, l);
    append(byPassage, l.passage, l);
  }
  const vocabulary = { segments: distinctIds(segmentTokens.values()), passages: distinctIds(passageTokens.values()) };
  return {
    space,
    segments,
    passages,
    segmentTokens,
    passageTokens,
    vocabulary,
    bySegment,
    byPassage,
    tables,
    links,
  };
}

function distinctIds(docs: Iterable<Int32Array>): Int32Array {
  const ids = new Set<number>();
  for (const doc of docs) for (const id of doc) ids.add(id);
  return Int32Array.from(ids);
}
