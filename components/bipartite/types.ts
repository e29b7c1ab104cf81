/** The bipartite data graph G_d and passage list items as the API sends them (declared once). */
export type { BipartiteView as BipartiteData, PassageListItem as PassageItem } from "@/lib/core/api/passages";

export type { AddPassagesResult } from "@/lib/core/ingest/passages";

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
