import { relation, type CellNode, type EdgeRelation } from "../../cell-graph/graph";

/** Shared neighbours beyond this stay in the observation only (two headers of one row share the row). */
const MAX_SHARED_IN_TRACE = 200;

export type TraceEdge = { source: string; target: string; relation: EdgeRelation | "SHARED NEIGHBOURS" };

/**
 * The reasoning trace Tr (§3.3 Update): the subgraph of visited nodes. A node joining it gets an
 * edge to every node already in it that shares its row or column; GetSharedNeighbours also records
 * that its two arguments are related through their shared neighbours (which join the trace too).
 */
export class ReasoningTrace {
  readonly nodes: CellNode[] = [];
  readonly edges: TraceEdge[] = [];
  /** Step at which each node joined (0 = initialisation). */
  readonly joinedAt = new Map<string, number>();
  readonly shared: Array<{ pair: [CellNode, CellNode]; nodes: CellNode[] }> = [];
  private readonly edgeKeys = new Set<string>();

  has(id: string): boolean {
    return this.joinedAt.has(id);
  }

  /** Adds nodes not yet in the trace; returns the ones that were new. */
  add(nodes: readonly CellNode[], step: number): CellNode[] {
    const fresh: CellNode[] = [];
    for (const n of nodes) {
      if (this.joinedAt.has(n.id)) continue;
      for (const m of this.nodes) {
        const rel = relation(n, m);
        if (rel) this.edge(m.id, n.id, rel);
      }
      this.nodes.push(n);
      this.joinedAt.set(n.id, step);
      fresh.push(n);
    }
    return fresh;
  }

  /** Records a GetSharedNeighbours result: the pair is linked and the shared cells join the trace. */
  addShared(a: CellNode, b: CellNode, shared: readonly CellNode[], step: number): CellNode[] {
    this.shared.push({ pair: [a, b], nodes: [...shared] });
    const fresh = this.add([a, b, ...shared.slice(0, MAX_SHARED_IN_TRACE)], step);
    if (shared.length) this.edge(a.id, b.id, "SHARED NEIGHBOURS");
    return fresh;
  }

  private edge(source: string, target: string, rel: TraceEdge["relation"]): void {
    const key = source < target ? `${source} ${target}` : `${target} ${source}`;
    if (this.edgeKeys.has(key)) return;
    this.edgeKeys.add(key);
    this.edges.push({ source, target, relation: rel });
  }
}

/** A node as the prompts and the answer step see it: "(rows, cols, 'value')", as in Figure 14. */
export function tupleText(n: CellNode, max = 120): string {
  const span = (xs: number[]) => (xs.length === 1 ? String(xs[0]) : `{${xs[0]}-${xs.at(-1)}}`);
  const v = n.value.length > max ? `${n.value.slice(0, max - 1)}…` : n.value;
  return `[${n.id}] (${span(n.rows)}, ${span(n.cols)}, ${JSON.stringify(v)})`;
}

/** The trace written out for the llm: its nodes, shared-neighbour relations and direct edges (capped). */
export function traceText(trace: ReasoningTrace, byId: (id: string) => CellNode | undefined, maxLines = 120): string {
  const lines: string[] = [];
  for (const s of trace.shared) {
    lines.push(
      `[${tupleText(s.pair[0])}, ${tupleText(s.pair[1])}] has the following shared neighbours: [${s.nodes
        .slice(0, 20)
        .map((n) => tupleText(n))
        .join(", ")}${s.nodes.length > 20 ? `, … ${s.nodes.length - 20} more` : ""}]`,
    );
  }
  for (const e of trace.edges) {
    if (e.relation === "SHARED NEIGHBOURS") continue;
    const a = byId(e.source);
    const b = byId(e.target);
    if (a && b) lines.push(`[${tupleText(a, 60)}, ${e.relation}, ${tupleText(b, 60)}]`);
  }
  const head = `Nodes in the trace: ${trace.nodes.map((n) => tupleText(n, 60)).join(", ") || "none"}`;
  return [
    head,
    ...lines.slice(0, maxLines),
    lines.length > maxLines ? `… ${lines.length - maxLines} more relations` : "",
  ]
    .filter(Boolean)
    .join("\n");
}
