import { DirectedGraph } from "graphology";
import { singleSource } from "graphology-shortest-path/dijkstra";
import type { JoinPath, SchemaEdge, SchemaGraph } from "../../model/index-types";
import { defaultEdgeCost, type EdgeCost } from "../../index/join-path";

/** A directed attribute-dependency chain: from a retrieved attribute to its terminal key. */
export type SgamPath = {
  id: string;
  attribute: string;
  terminal: string;
  nodes: string[];
  edges: SchemaEdge[];
  cost: number;
};

/** One step of a path: the schema edge it follows and what following it costs. */
type Hop = { edge: SchemaEdge; cost: number };
/** The dependency graph: one hop per ordered pair of columns, the cheapest (the first of equals). */
type HopGraph = DirectedGraph<Record<string, never>, Hop>;

/** Kinds that equate values across tables: joins, and derivation edges (eq. 6: v_i.a = v_j.a). */
const LINKS = new Set(["foreign_key", "discovered", "join", "derivation"]);
// Moving inside one table is nearly free; crossing tables is what a path should spend on.
const INTRA_COST = 0.1;

/**
 * The schema graph as SGAM walks it (§3.2): key edges from an attribute to its table's keys
 * (eq. 3), context and derivation edges as drawn (eq. 4, 6), and inter-table links both ways,
 * since a join holds in both directions. A key also reaches its table's linking columns (the key
 * identifies the row that holds them), so a path can leave a table through a foreign key.
 */
function dependencyGraph(
  graph: SchemaGraph,
  edgeCost: EdgeCost = defaultEdgeCost,
): { hops: HopGraph; tableOf: Map<string, string> } {
  const tableOf = new Map(graph.nodes.map((n) => [n.id, n.table]));
  const hops: HopGraph = new DirectedGraph();
  for (const n of graph.nodes) hops.mergeNode(n.id);
  const add = (from: string, h: Hop & { to: string }) => {
    if (!hops.hasNode(from) || !hops.hasNode(h.to)) return;
    const hop = { edge: h.edge, cost: h.cost };
    if (!hops.hasEdge(from, h.to)) hops.addDirectedEdge(from, h.to, hop);
    else if (h.cost < hops.getEdgeAttributes(from, h.to).cost) hops.replaceEdgeAttributes(from, h.to, hop);
  };
  const linking = new Set<string>();
  for (const e of graph.edges) {
    const a = tableOf.get(e.source);
    const b = tableOf.get(e.target);
    if (!a || !b) continue;
    if (a !== b && LINKS.has(e.kind)) {
      const cost = e.origin === "curated" ? 1 : edgeCost(e);
      add(e.source, { to: e.target, edge: e, cost });
      add(e.target, { to: e.source, edge: e, cost });
      linking.add(e.source).add(e.target);
    } else if (a === b) add(e.source, { to: e.target, edge: e, cost: INTRA_COST });
  }
  for (const e of graph.edges)
    if (e.kind === "key" && linking.has(e.source)) add(e.target, { to: e.source, edge: e, cost: INTRA_COST });
  // Columns of a composite key have no key edge between them ("identified by" points at keys
  // only), yet one row holds both: a link table (course_arrange) is entered by one key column
  // and left by another.
  for (const k of graph.nodes) {
    if (!k.isPrimaryKey) continue;
    for (const l of graph.nodes) {
      if (l.table !== k.table || l.id === k.id || !l.isPrimaryKey || !linking.has(l.id)) continue;
      add(k.id, {
        to: l.id,
        edge: {
          id: `row:${k.id}->${l.id}`,
          source: k.id,
          target: l.id,
          kind: "key",
          label: "same row",
          weight: 1,
          origin: "inferred",
        },
        cost: INTRA_COST,
      });
    }
  }
  return { hops, tableOf };
}

type Reach = { dist: Map<string, number>; prev: Map<string, { from: string; edge: SchemaEdge }> };

/**
 * Cheapest paths from one node over the dependency graph (graphology's Dijkstra), as each
 * reached node's distance and the hop that reached it. A distance adds the hops' costs in path
 * order, as the search itself does.
 */
function reach(hops: HopGraph, start: string): Reach {
  const dist = new Map<string, number>();
  const prev: Reach["prev"] = new Map();
  for (const [node, path] of Object.entries(singleSource(hops, start, (_e, hop) => hop.cost))) {
    let d = 0;
    for (let i = 1; i < path.length; i++) d += hops.getEdgeAttributes(path[i - 1], path[i]).cost;
    dist.set(node, d);
    if (path.length > 1) {
      const from = path[path.length - 2];
      prev.set(node, { from, edge: hops.getEdgeAttributes(from, node).edge });
    }
  }
  return { dist, prev };
}

function walk(r: Reach, start: string, end: string): { nodes: string[]; edges: SchemaEdge[] } {
  const nodes = [end];
  const edges: SchemaEdge[] = [];
  for (let n = end; n !== start; ) {
    const p = r.prev.get(n)!;
    edges.unshift(p.edge);
    nodes.unshift(p.from);
    n = p.from;
  }
  return { nodes, edges };
}

export type PathSearch = { anchor: string | null; paths: SgamPath[]; unreachable: string[] };

/**
 * SGAM's path search (§3.2): from every retrieved attribute along the dependency edges to a
 * terminal key. All paths end in one anchor table — the one the attributes reach at least total
 * cost (ties: the table of the first attribute, the main question's) — and, where that table
 * has several keys, at the most global one, v* = argmax depth (eq. 8), depth being the number of
 * hops from the attribute. Attributes that cannot reach the anchor are reported, not joined.
 * `edgeCost` prices the inter-table links (the question's roles: join-roles.ts).
 */
export function searchPaths(
  graph: SchemaGraph,
  attributes: readonly string[],
  edgeCost: EdgeCost = defaultEdgeCost,
): PathSearch {
  const { hops, tableOf } = dependencyGraph(graph, edgeCost);
  const starts = [...new Set(attributes)].filter((a) => hops.hasNode(a));
  if (!starts.length) return { anchor: null, paths: [], unreachable: [...attributes] };
  const reaches = new Map(starts.map((a) => [a, reach(hops, a)]));
  const tables = [...new Set(graph.nodes.map((n) => n.table))];
  const keysOf = (t: string) => graph.nodes.filter((n) => n.table === t && n.isPrimaryKey).map((n) => n.id);
  const entry = (r: Reach, t: string): number =>
    Math.min(...graph.nodes.filter((n) => n.table === t).map((n) => r.dist.get(n.id) ?? Infinity));
  let anchor = tableOf.get(starts[0])!;
  let bestCost = Infinity;
  let bestCount = 0;
  for (const t of [anchor, ...tables.filter((x) => x !== anchor)]) {
    const costs = starts.map((a) => entry(reaches.get(a)!, t));
    const count = costs.filter(Number.isFinite).length;
    const cost = costs.filter(Number.isFinite).reduce((s, c) => s + c, 0);
    if (count > bestCount || (count === bestCount && cost < bestCost - 1e-9))
      [anchor, bestCost, bestCount] = [t, cost, count];
  }
  const paths: SgamPath[] = [];
  const unreachable: string[] = [];
  for (const a of starts) {
    const r = reaches.get(a)!;
    const keys = keysOf(anchor).filter((k) => r.dist.has(k) && k !== a);
    let terminal: string | null = null;
    if (keys.length) {
      // eq. 8: the deepest key is the most global anchor point.
      const depth = (k: string) => walk(r, a, k).edges.length;
      terminal = keys.reduce((x, y) => (depth(y) > depth(x) ? y : x));
    } else if (keysOf(anchor).includes(a)) terminal = a;
    else {
      const reached = graph.nodes
        .filter((n) => n.table === anchor && r.dist.has(n.id))
        .sort((x, y) => r.dist.get(x.id)! - r.dist.get(y.id)!);
      terminal = reached[0]?.id ?? null;
    }
    if (!terminal) {
      unreachable.push(a);
      continue;
    }
    const { nodes, edges } = walk(r, a, terminal);
    paths.push({
      id: `P${paths.length + 1}`,
      attribute: a,
      terminal,
      nodes,
      edges,
      cost: Math.round((r.dist.get(terminal) ?? 0) * 1000) / 1000,
    });
  }
  unreachable.push(...attributes.filter((a) => !hops.hasNode(a)));
  return { anchor, paths, unreachable };
}

/** True for an edge whose ends are in different tables. */
export function crossesTables(e: SchemaEdge, tableOf: (id: string) => string): boolean {
  return tableOf(e.source) !== tableOf(e.target);
}

/**
 * The join the paths imply: every table they pass through, joined on their inter-table edges
 * (one per pair of tables), in breadth-first order from the anchor.
 */
export function joinFromPaths(paths: readonly SgamPath[], anchor: string, tableOf: (id: string) => string): JoinPath {
  const byPair = new Map<string, SchemaEdge>();
  for (const p of paths) {
    for (const e of p.edges) {
      if (!crossesTables(e, tableOf)) continue;
      const [a, b] = [tableOf(e.source), tableOf(e.target)].sort();
      if (!byPair.has(`${a}|${b}`)) byPair.set(`${a}|${b}`, e);
    }
  }
  const order = [anchor];
  const edges: SchemaEdge[] = [];
  for (let i = 0; i < order.length; i++) {
    for (const e of byPair.values()) {
      const [a, b] = [tableOf(e.source), tableOf(e.target)];
      const next = a === order[i] ? b : b === order[i] ? a : null;
      if (next && !order.includes(next)) order.push(next), edges.push(e);
    }
  }
  return { tables: order, edges, cost: edges.length };
}
