/** Layering of tables by their links, for the schema graph layout. */

/** `from` references `to` (a foreign key's child → parent, a join's referencing → referenced side). */
export interface TableLink {
  from: string;
  to: string;
}

/**
 * Layer of each linked table: 0 for tables that reference no other, else one more than the deepest
 * table they reference (cycles are cut where the walk meets them). Tables without links are `isolated`.
 */
export function rankTables(names: string[], links: TableLink[]): { layers: string[][]; isolated: string[] } {
  const parents = new Map<string, Set<string>>(names.map((n) => [n, new Set()]));
  const linked = new Set<string>();
  for (const l of links) {
    if (l.from === l.to || !parents.has(l.from) || !parents.has(l.to)) continue;
    parents.get(l.from)!.add(l.to);
    linked.add(l.from).add(l.to);
  }
  const rank = new Map<string, number>();
  const onStack = new Set<string>();
  const visit = (n: string): number => {
    const known = rank.get(n);
    if (known !== undefined) return known;
    if (onStack.has(n)) return -1;
    onStack.add(n);
    let r = 0;
    for (const p of parents.get(n)!) r = Math.max(r, visit(p) + 1);
    onStack.delete(n);
    rank.set(n, r);
    return r;
  };
  const layers: string[][] = [];
  for (const n of names) {
    if (!linked.has(n)) continue;
    const r = visit(n);
    (layers[r] ??= []).push(n);
  }
  return { layers: layers.filter((l) => l && l.length), isolated: names.filter((n) => !linked.has(n)) };
}

/** Orders each layer by the mean position of its neighbours in the layers before it (one barycentre sweep). */
export function orderLayer(layers: string[][], links: TableLink[]): string[][] {
  const pos = new Map<string, number>();
  const neighbours = new Map<string, string[]>();
  for (const l of links) {
    if (l.from === l.to) continue;
    (neighbours.get(l.from) ?? neighbours.set(l.from, []).get(l.from)!).push(l.to);
    (neighbours.get(l.to) ?? neighbours.set(l.to, []).get(l.to)!).push(l.from);
  }
  return layers.map((layer) => {
    const keyed = layer.map((n, i) => {
      const placed = (neighbours.get(n) ?? []).map((m) => pos.get(m)).filter((p): p is number => p !== undefined);
      return { n, key: placed.length ? placed.reduce((a, b) => a + b, 0) / placed.length : Infinity, i };
    });
    keyed.sort((a, b) => a.key - b.key || a.i - b.i);
    keyed.forEach((k, i) => pos.set(k.n, i / Math.max(1, keyed.length - 1)));
    return keyed.map((k) => k.n);
  });
}
