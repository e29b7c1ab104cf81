import type { CellNode } from "../../cell-graph/graph";
import type { TraceEventInput } from "../../trace/event";
import type { ReasoningTrace } from "./trace";

/** Node id → clipped cell text, for events (the timeline reads them without fetching the graph). */
export function labelsOf(nodes: readonly CellNode[], max = 60): Record<string, string> {
  const out: Record<string, string> = {};
  for (const n of nodes) out[n.id] = n.value.length > max ? `${n.value.slice(0, max - 1)}…` : n.value;
  return out;
}

/** The trace-update event: every node and edge of the reasoning trace (capped by the schema's limits). */
export function traceUpdate(trace: ReasoningTrace): TraceEventInput {
  return {
    type: "trace-update",
    nodes: trace.nodes.slice(0, 2000).map((n) => n.id),
    edges: trace.edges.slice(0, 1000).map((e) => ({ source: e.source, target: e.target })),
  };
}
