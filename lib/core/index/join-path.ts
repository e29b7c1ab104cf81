import { UndirectedGraph } from "graphology";
import { bidirectional } from "graphology-shortest-path/dijkstra";
import type { JoinPath, SchemaEdge, SchemaGraph } from "../model/index-types";

/** Cost of following an edge between tables; lower is preferred. */
export type EdgeCost = (edge: SchemaEdge) => number;

/**
 * Default costs: declared and curated joins cost 1, SGAM's inferred same-name key joins 1.25,
 * discovered joins 1.5 to 2.5 falling with ω, so a trusted two-hop path can beat one weak guess.
 */
export const defaultEdgeCost: EdgeCost = (e) => {
  if (e.origin === "declared" || e.origin === "curated") return 1;
  if (e.origin === "inferred") return 1.25;
  return 1.5 + Math.max(0, 2 - e.weight) / 2;
};

/** Edge kinds that equate values across tables; context and derivation edges do not. */
const JOINABLE = new Set(["foreign_key", "discovered", "join"]);

type TableLink = { cost: number; edges: SchemaEdge[] };

/**
 * The table graph behind path search: one link per pair of tables, the cheapest joinable edge
 * between them (with the other column pairs of a composite key).
 */
function tableGraph(graph: SchemaGraph, cost: EdgeCost): UndirectedGraph<Record<string, never>, TableLink> {
  const tableOf = new Map(graph.nodes.map((n) => [n.id, n.table]));
  const g = new UndirectedGraph<Record<string, never>, TableLink>();
  for (const n of graph.nodes) if (!g.hasNode(n.table)) g.addNode(n.table);
  for (const e of graph.edges) {
    const a = tableOf.get(e.source);
    const b = tableOf.get(e.target);
    if (!a || !b || a === b || !JOINABLE.has(e.kind)) continue;
    const c = cost(e);
    const siblings = e.group ? graph.edges.filter((x) => x.group === e.group) : [e];
    const current = g.hasEdge(a, b) ? g.getEdgeAttributes(a, b) : null;
    if (!current) g.addEdge(a, b, { cost: c, edges: siblings });
    else if (c < current.cost) g.replaceEdgeAttributes(a, b, { cost: c, edges: siblings });
  }
  return g;
}

function pathFromTables(g: UndirectedGraph<Record<string, never>, TableLink>, tables: string[]): JoinPath {
  const edges: SchemaEdge[] = [];
  let cost = 0;
  for (let i = 1; i < tables.length; i++) {
    const link = g.getEdgeAttributes(tables[i - 1], tables[i]);
    edges.push(...link.edges);
    cost += link.cost;
  }
  return { tables, edges, cost };
}

/**
 * Cheapest join path between two tables over the schema graph (Dijkstra), with the schema edges
 * to join on, in order. Null when the tables are not connected; an empty path for one table.
 */
export function shortestJoinPath(
  graph: SchemaGraph,
  from: string,
  to: string,
  cost: EdgeCost = defaultEdgeCost,
): JoinPath | null {
  const g = tableGraph(graph, cost);
  if (!g.hasNode(from) || !g.hasNode(to)) return null;
  if (from === to) return { tables: [from], edges: [], cost: 0 };
  const tables = bidirectional(g, from, to, (_e, attrs) => attrs.cost);
  return tables ? pathFromTables(g, tables) : null;
}

/**
 * Joins a set of tables (FGTR's schema filling over several recalled tables): grows a tree from
 * the first table by repeatedly attaching the table nearest to the tree, a greedy Steiner tree.
 * Intermediate tables on the paths are included. Null when some table cannot be reached.
 */
export function joinTree(
  graph: SchemaGraph,
  tables: readonly string[],
  cost: EdgeCost = defaultEdgeCost,
): JoinPath | null {
  const g = tableGraph(graph, cost);
  const wanted = [...new Set(tables)];
  if (wanted.length === 0) return { tables: [], edges: [], cost: 0 };
  if (wanted.some((t) => !g.hasNode(t))) return null;
  const inTree = new Set([wanted[0]]);
  const order = [wanted[0]];
  const edges: SchemaEdge[] = [];
  let total = 0;
  let remaining = wanted.slice(1);
  while (remaining.length) {
    let best: JoinPath | null = null;
    for (const source of inTree) {
      for (const target of remaining) {
        const p = bidirectional(g, source, target, (_e, attrs) => attrs.cost);
        if (!p) continue;
        const path = pathFromTables(g, p);
        if (!best || path.cost < best.cost) best = path;
      }
    }
    if (!best) return null;
    for (const t of best.tables) if (!inTree.has(t)) inTree.add(t), order.push(t);
    edges.push(...best.edges);
    total += best.cost;
    remaining = remaining.filter((t) => !inTree.has(t));
  }
  return { tables: order, edges, cost: total };
}
