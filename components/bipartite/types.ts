/** The bipartite data graph G_d as GET /api/datasets/:id/bipartite sends it. */
export interface BipartiteData {
  segments: Array<{ id: string; table: string; rowId: number; label: string }>;
  passages: Array<{ id: string; title: string; links: number }>;
  links: Array<{ segment: string; passage: string; kind: string; score: number; column: string | null }>;
  counts: { segments: number; passages: number; links: number; unlinkedPassages: number };
}

export interface PassageItem {
  id: string;
  title: string;
  preview: string;
  length: number;
  url: string | null;
  aliases: string[];
  source: string;
  links: Array<{ table: string; rowId: number; kind: string; column: string | null }>;
}

export type { AddPassagesResult, PassageProblem } from "@/lib/core/ingest/passages";

/** What the graph view draws: two columns of nodes and weighted edges with state classes. */
export interface GraphNode {
  id: string;
  side: "segment" | "passage";
  label: string;
  /** "seed", "aggregated", "answer", "star" — drawn as node classes. */
  marks: string[];
}

export interface GraphEdge {
  id: string;
  segment: string;
  passage: string;
  score: number;
  /** "linked", "retrieved", "expanded", "dropped", "final" — the last state wins the colour. */
  marks: string[];
}

export interface BipartiteModel {
  nodes: GraphNode[];
  edges: GraphEdge[];
}
