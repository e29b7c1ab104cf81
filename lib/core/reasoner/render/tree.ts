import type { JoinEdge } from "../answer/input";

/**
 * The smallest part of the join tree that connects the `needed` tables: leaves that are not
 * needed are pruned one by one. An unneeded inner join would silently drop rows (counting
 * singers while joining concerts counts only singers with concerts), so the answer joins only
 * what it uses.
 */
export function pruneJoin(
  tables: string[],
  edges: JoinEdge[],
  needed: Iterable<string>,
): { tables: string[]; edges: JoinEdge[] } {
  const want = new Set([...needed].filter((t) => tables.includes(t)));
  if (want.size === 0 && tables.length) want.add(tables[0]);
  let keptTables = [...tables];
  let keptEdges = edges.filter((e) => e.a.table !== e.b.table);
  for (;;) {
    const degree = new Map<string, number>(keptTables.map((t) => [t, 0]));
    const pairs = new Set<string>();
    for (const e of keptEdges) {
      const key = [e.a.table, e.b.table].sort().join("\u0000");
      if (pairs.has(key)) continue;
      pairs.add(key);
      degree.set(e.a.table, (degree.get(e.a.table) ?? 0) + 1);
      degree.set(e.b.table, (degree.get(e.b.table) ?? 0) + 1);
    }
    const leaf = keptTables.find((t) => !want.has(t) && (degree.get(t) ?? 0) <= 1);
    if (!leaf) break;
    keptTables = keptTables.filter((t) => t !== leaf);
    keptEdges = keptEdges.filter((e) => e.a.table !== leaf && e.b.table !== leaf);
  }
  return { tables: keptTables, edges: keptEdges };
}

/** Tables on the path between two tables of a tree (inclusive), or null. */
export function treePath(edges: JoinEdge[], from: string, to: string): string[] | null {
  if (from === to) return [from];
  const adj = new Map<string, Set<string>>();
  for (const e of edges) {
    if (!adj.has(e.a.table)) adj.set(e.a.table, new Set());
    if (!adj.has(e.b.table)) adj.set(e.b.table, new Set());
    adj.get(e.a.table)!.add(e.b.table);
    adj.get(e.b.table)!.add(e.a.table);
  }
  const prev = new Map<string, string>([[from, from]]);
  const queue = [from];
  while (queue.length) {
    const t = queue.shift()!;
    for (const n of adj.get(t) ?? []) {
      if (prev.has(n)) continue;
      prev.set(n, t);
      if (n === to) {
        const path = [to];
        while (path[0] !== from) path.unshift(prev.get(path[0])!);
        return path;
      }
      queue.push(n);
    }
  }
  return null;
}
