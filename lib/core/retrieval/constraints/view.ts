import { columnKey, refKey } from "../../model/column-ref";
import type { ColumnRef, SchemaGraph } from "../../model/index-types";
import type { RetrievalPorts, RetrievalSchema } from "../ports";
import type { ResolvedConstraints } from "./types";

/** The schema without the excluded columns: a step that reads it cannot pick them. */
function schemaWithout(schema: RetrievalSchema, exclude: readonly ColumnRef[]): RetrievalSchema {
  if (!exclude.length) return schema;
  const gone = new Set(exclude.map(refKey));
  return {
    tables: schema.tables.map((t) => ({
      ...t,
      columns: t.columns.filter((c) => !gone.has(columnKey(t.name, c.column))),
    })),
  };
}

/** The schema graph without the excluded columns' nodes, their edges, and the excluded edges. */
function graphWithout(graph: SchemaGraph, exclude: readonly ColumnRef[], edges: readonly string[]): SchemaGraph {
  if (!exclude.length && !edges.length) return graph;
  const gone = new Set(exclude.map(refKey));
  const goneEdges = new Set(edges);
  return {
    ...graph,
    nodes: graph.nodes.filter((n) => !gone.has(n.id)),
    edges: graph.edges.filter((e) => !goneEdges.has(e.id) && !gone.has(e.source) && !gone.has(e.target)),
  };
}

/**
 * The ports a constrained run works with after its first retrieval step: excluded columns and
 * edges are not there, so no later step (filling, joins, cell search, the answer's SQL) can use
 * them. Cell search is scoped away from excluded columns as well.
 */
export function constrainedPorts(ports: RetrievalPorts, c: ResolvedConstraints): RetrievalPorts {
  if (!c.exclude.length && !c.excludeEdges.length) return ports;
  const gone = new Set(c.exclude.map(refKey));
  return {
    ...ports,
    schema: schemaWithout(ports.schema, c.exclude),
    graph: graphWithout(ports.graph, c.exclude, c.excludeEdges),
    searchCells: async (query, scope) => {
      const hits = await ports.searchCells(query, {
        ...scope,
        ...(scope.columns ? { columns: scope.columns.filter((r) => !gone.has(refKey(r))) } : {}),
      });
      return hits.filter((h) => !gone.has(columnKey(h.table, h.column)));
    },
  };
}

/** The two endpoint columns of the pinned edges (a pinned edge pins the columns it joins). */
export function pinnedEdgeColumns(graph: SchemaGraph, edgeIds: readonly string[]): ColumnRef[] {
  const byId = new Map(graph.nodes.map((n) => [n.id, { table: n.table, column: n.column }]));
  return graph.edges
    .filter((e) => edgeIds.includes(e.id))
    .flatMap((e) => [byId.get(e.source), byId.get(e.target)])
    .filter((r): r is ColumnRef => !!r && !!r.column);
}
