import type { SchemaEdge } from "../../model/index-types";
import { crossesTables, type SgamPath } from "./path-search";

/** A path cut at its last inter-table edge (eq. 10): the single-table chain that remains. */
export type PrunedPath = SgamPath & { from: string; cause: SchemaEdge | null };
/** Pruned paths that share their chain's end, merged into one chain. */
export type MergedPath = { id: string; terminal: string; nodes: string[]; edges: SchemaEdge[]; members: string[] };

/**
 * Pruning (eq. 10): for each path, e* is its last inter-table edge; only the sub-path from e*'s
 * destination (as the path walks it) to the terminal key is kept, so each kept chain lies in
 * one table and links a relevant attribute to its key. Paths that never leave their table stay
 * whole.
 */
export function prunePath(path: SgamPath, tableOf: (id: string) => string): PrunedPath {
  let last = -1;
  path.edges.forEach((e, i) => {
    if (crossesTables(e, tableOf)) last = i;
  });
  if (last < 0) return { ...path, from: path.attribute, cause: null };
  return {
    ...path,
    nodes: path.nodes.slice(last + 1),
    edges: path.edges.slice(last + 1),
    from: path.nodes[last + 1],
    cause: path.edges[last],
  };
}

/**
 * Sub-path merging: pruned chains that end at the same terminal key are one chain (union of
 * their nodes and edges, in order), so a key reached by several attributes is extracted once.
 */
export function mergePaths(pruned: readonly PrunedPath[]): MergedPath[] {
  const groups = new Map<string, PrunedPath[]>();
  for (const p of pruned) groups.set(p.terminal, [...(groups.get(p.terminal) ?? []), p]);
  return [...groups.entries()].map(([terminal, members], i) => {
    const nodes: string[] = [];
    const edges: SchemaEdge[] = [];
    for (const m of [...members].sort((a, b) => b.nodes.length - a.nodes.length)) {
      for (const n of m.nodes) if (!nodes.includes(n)) nodes.push(n);
      for (const e of m.edges) if (!edges.some((x) => x.id === e.id)) edges.push(e);
    }
    return { id: `M${i + 1}`, terminal, nodes, edges, members: members.map((m) => m.id) };
  });
}
