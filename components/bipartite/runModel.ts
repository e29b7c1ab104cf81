import type { TraceEvent } from "@/lib/core/trace";
import type { BipartiteModel, GraphEdge, GraphNode } from "./types";

/** Edges of each retrieval event drawn; the rest stay in the timeline. */
const SHOWN_PER_STEP = 12;

export type Labels = (id: string) => string;

/** Falls back to the id's own parts ("s:films:4" → "films #4") when G_d has no label. */
export const fallbackLabel = (id: string) => {
  const m = /^s:(.*):(\d+)$/.exec(id);
  return m ? `${m[1]} #${m[2]}` : id;
};

/**
 * The HELIOS run as a growing bipartite graph, from its events only: the top edges of retrieval
 * and reranking, seeds, expansion edges, rows chosen by aggregation, passages dropped by
 * verification, the final ranking and the answer's star. Pure, so a replay draws any prefix.
 */
export function runGraphModel(events: readonly TraceEvent[], label: Labels): BipartiteModel {
  const nodes = new Map<string, GraphNode>();
  const edges = new Map<string, GraphEdge>();
  const node = (id: string) => {
    let n = nodes.get(id);
    if (!n) {
      n = { id, side: id.startsWith("p:") ? "passage" : "segment", label: label(id), marks: [] };
      nodes.set(id, n);
    }
    return n;
  };
  const mark = (list: string[], m: string) => {
    if (!list.includes(m)) list.push(m);
  };
  const edge = (segment: string, passage: string, score: number, m: string) => {
    node(segment);
    node(passage);
    const id = `${segment}|${passage}`;
    const e = edges.get(id) ?? { id, segment, passage, score, marks: [] };
    e.score = score;
    mark(e.marks, m);
    edges.set(id, e);
  };
  for (const e of events) {
    if (e.type === "edge-retrieval" || e.type === "rerank") {
      const m = e.type === "edge-retrieval" ? "retrieved" : e.stage === "final-ranking" ? "final" : "reranked";
      for (const x of e.edges.slice(0, SHOWN_PER_STEP)) {
        if (x.passage) edge(x.segment, x.passage, x.score, m);
        else mark(node(x.segment).marks, m);
      }
    } else if (e.type === "seed-selection") {
      for (const n of e.nodes) mark(node(n.node).marks, "seed");
    } else if (e.type === "expansion") {
      for (const x of e.edges) {
        const [segment, passage] = x.from.startsWith("p:") ? [x.to, x.from] : [x.from, x.to];
        edge(segment, passage, Math.min(1, x.score * 4), "expanded");
      }
    } else if (e.type === "aggregation") {
      for (const r of e.rows) mark(node(r).marks, "aggregated");
    } else if (e.type === "passage-verification" && e.segment) {
      const x = edges.get(`${e.segment}|${e.passage}`);
      if (x) mark(x.marks, e.keep ? "verified" : "dropped");
    } else if (e.type === "answer") {
      for (const c of e.evidence) mark(node(`s:${c.table}:${c.rowId}`).marks, "answer");
      for (const p of e.passages ?? []) mark(node(p).marks, "answer");
    }
  }
  return { nodes: [...nodes.values()], edges: [...edges.values()] };
}

/** The answer's star: its row and the passages it rests on, from the answer event. */
export function answerStar(events: readonly TraceEvent[]): { segment: string; passages: string[] } | null {
  const a = [...events].reverse().find((e) => e.type === "answer");
  if (!a || a.type !== "answer" || !a.evidence.length) return null;
  const c = a.evidence[0];
  return { segment: `s:${c.table}:${c.rowId}`, passages: a.passages ?? [] };
}

/** Passages linked to a row in the run's final ranking (else anywhere in the run). */
export function starPassages(events: readonly TraceEvent[], segment: string): string[] {
  const final = events.find((e) => e.type === "rerank" && e.stage === "final-ranking");
  const from = (list: Array<{ segment: string; passage: string | null }>) => [
    ...new Set(list.filter((x) => x.segment === segment && x.passage).map((x) => x.passage!)),
  ];
  if (final && final.type === "rerank") {
    const found = from(final.edges);
    if (found.length) return found;
  }
  return from(events.flatMap((e) => (e.type === "edge-retrieval" || e.type === "rerank" ? e.edges : [])));
}
