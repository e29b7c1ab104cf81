import { MultiDirectedGraph } from "graphology";
import type { SchemaEdge, SchemaGraph, SchemaNode } from "../model/index-types";

/**
 * The schema graph as a graphology MultiDirectedGraph (node and edge keys are the schema ids,
 * attributes the schema objects), for directed path search (SGAM) and graph layouts.
 */
export function toGraphology(graph: SchemaGraph): MultiDirectedGraph<SchemaNode, SchemaEdge> {
  const g = new MultiDirectedGraph<SchemaNode, SchemaEdge>();
  for (const n of graph.nodes) g.addNode(n.id, n);
  for (const e of graph.edges)
    if (g.hasNode(e.source) && g.hasNode(e.target)) g.addDirectedEdgeWithKey(e.id, e.source, e.target, e);
  return g;
}
