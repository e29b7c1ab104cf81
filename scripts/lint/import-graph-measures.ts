import type { ImportEdge } from "./import-graph";

/** Outgoing neighbours of each file over the edges of the given kinds. */
export function adjacency(edges: readonly ImportEdge[], kinds: ImportEdge["kind"][] = ["value"]) {
  const next = new Map<string, Set<string>>();
  for (const e of edges) {
    if (!kinds.includes(e.kind)) continue;
    if (!next.has(e.from)) next.set(e.from, new Set());
    next.get(e.from)!.add(e.to);
  }
  return next;
}

/**
 * The import circles: each strongly connected group of two or more files (Tarjan's algorithm,
 * iterative so a deep chain cannot overflow the stack), each group sorted, largest first.
 */
export function importCircles(edges: readonly ImportEdge[], kinds: ImportEdge["kind"][] = ["value"]): string[][] {
  const next = adjacency(edges, kinds);
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const onStack = new Set<string>();
  const stack: string[] = [];
  const circles: string[][] = [];
  let counter = 0;
  for (const start of next.keys()) {
    if (index.has(start)) continue;
    const work: { node: string; it: Iterator<string> }[] = [];
    const open = (node: string) => {
      index.set(node, counter);
      low.set(node, counter++);
      stack.push(node);
      onStack.add(node);
      work.push({ node, it: (next.get(node) ?? new Set<string>()).values() });
    };
    open(start);
    while (work.length > 0) {
      const top = work.at(-1)!;
      const step = top.it.next();
      if (!step.done) {
        const to = step.value;
        if (!index.has(to)) open(to);
        else if (onStack.has(to)) low.set(top.node, Math.min(low.get(top.node)!, index.get(to)!));
        continue;
      }
      work.pop();
      const parent = work.at(-1);
      if (parent) low.set(parent.node, Math.min(low.get(parent.node)!, low.get(top.node)!));
      if (low.get(top.node) !== index.get(top.node)) continue;
      const group: string[] = [];
      let member: string;
      do {
        member = stack.pop()!;
        onStack.delete(member);
        group.push(member);
      } while (member !== top.node);
      if (group.length > 1) circles.push(group.sort());
    }
  }
  return circles.sort((a, b) => b.length - a.length || a[0]!.localeCompare(b[0]!));
}

/** The folder of lib/server a file belongs to (its first segment there), or null outside lib/server. */
export function serverFolder(file: string): string | null {
  const m = /^lib\/server\/([^/]+)\//.exec(file);
  return m ? m[1]! : null;
}

/** Pairs of lib/server folders that import each other ("a ↔ b", a before b), over edges of the given kinds. */
export function mutualServerFolders(edges: readonly ImportEdge[], kinds: ImportEdge["kind"][] = ["value"]): string[] {
  const links = new Set<string>();
  for (const e of edges) {
    if (!kinds.includes(e.kind)) continue;
    const a = serverFolder(e.from);
    const b = serverFolder(e.to);
    if (a && b && a !== b) links.add(`${a}→${b}`);
  }
  const pairs = new Set<string>();
  for (const link of links) {
    const [a, b] = link.split("→") as [string, string];
    if (links.has(`${b}→${a}`)) pairs.add(a < b ? `${a} ↔ ${b}` : `${b} ↔ ${a}`);
  }
  return [...pairs].sort();
}

/** Imports (of any kind) from lib/core or lib/server up into app/. */
export function upwardImports(edges: readonly ImportEdge[]): string[] {
  return edges
    .filter((e) => /^lib\/(core|server)\//.test(e.from) && e.to.startsWith("app/"))
    .map((e) => `${e.from} → ${e.to}`)
    .sort();
}

/**
 * The shortest chain of value or lazy imports from `from` to `to` (breadth first), as the files
 * it crosses, both ends included; null when `to` cannot be reached.
 */
export function shortestImportPath(edges: readonly ImportEdge[], from: string, to: string): string[] | null {
  const next = adjacency(edges, ["value", "lazy"]);
  const cameFrom = new Map<string, string | null>([[from, null]]);
  const queue = [from];
  while (queue.length > 0) {
    const node = queue.shift()!;
    if (node === to) {
      const chain: string[] = [];
      for (let n: string | null = node; n !== null; n = cameFrom.get(n)!) chain.unshift(n);
      return chain;
    }
    for (const n of next.get(node) ?? []) {
      if (cameFrom.has(n)) continue;
      cameFrom.set(n, node);
      queue.push(n);
    }
  }
  return null;
}
