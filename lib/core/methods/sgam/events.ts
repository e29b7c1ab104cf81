import { parseColumnKey } from "../../model/column-ref";
import type { SchemaEdge } from "../../model/index-types";
import { TRACE_LIMITS } from "../../trace/atoms";
import type { EventSink } from "../../trace/sink";

type PathLike = { id: string; attribute: string; terminal: string; nodes: string[]; edges: SchemaEdge[] };

const edgeRef = (e: SchemaEdge) => ({
  id: e.id,
  source: e.source,
  target: e.target,
  kind: e.kind,
  origin: e.origin,
  label: e.label,
});

/** Emits one `schema-path` event: a path found, pruned (with the edge that cut it) or merged. */
export function emitPath(
  sink: EventSink,
  status: "found" | "pruned" | "merged",
  p: PathLike,
  cause?: SchemaEdge,
  members?: string[],
): void {
  sink.emit({
    type: "schema-path",
    status,
    path: p.id,
    attribute: p.attribute,
    terminal: p.terminal,
    nodes: p.nodes.slice(0, TRACE_LIMITS.nodes),
    edges: p.edges.slice(0, TRACE_LIMITS.edges).map(edgeRef),
    ...(cause ? { cause: edgeRef(cause) } : {}),
    ...(members ? { members } : {}),
  });
}

/** A path as Appendix A.4 writes it: "full_name[person], id[person], person_id[games_competitor]". */
export function pathText(nodes: readonly string[]): string {
  return nodes
    .map((n) => {
      const { table, column } = parseColumnKey(n);
      return `${column}[${table}]`;
    })
    .join(", ");
}
