"use client";

import { useMemo } from "react";
import { useSchemaGraph } from "@/components/index/queries";
import { SchemaGraph } from "@/components/schema/SchemaGraph";
import type { TableMeta } from "@/lib/core/model/dataset";
import type { RunView } from "../model/runView";

const noop = () => {};

/**
 * SGAM's paths drawn on the dataset's schema graph, growing as `schema-path` events arrive: the
 * columns and edges of every path found are marked; the merged chains are listed under it.
 */
export function PathsGraph({ datasetId, tables, view }: { datasetId: string; tables: TableMeta[]; view: RunView }) {
  // The graph as the server serves it now (a run names no generation).
  const graph = useSchemaGraph(datasetId, "current");
  const tableOrder = useMemo(() => tables.map((t) => t.name), [tables]);
  const rowCounts = useMemo(() => new Map(tables.map((t) => [t.name, t.rowCount])), [tables]);
  const found = useMemo(() => view.paths.filter((p) => p.status === "found"), [view.paths]);
  const highlight = useMemo(
    () => ({
      nodes: new Set(found.flatMap((p) => p.nodes)),
      edges: new Set(found.flatMap((p) => p.edges.map((e) => e.id))),
    }),
    [found],
  );
  const merged = view.paths.filter((p) => p.status === "merged");
  return (
    <section aria-label="SGAM paths" data-testid="sgam-paths" data-path-count={found.length} className="space-y-1.5">
      <h2 className="text-xs font-semibold tracking-wide text-zinc-500 uppercase">Paths on the schema graph</h2>
      {graph.data ? (
        <SchemaGraph
          graph={graph.data}
          tableOrder={tableOrder}
          rowCounts={rowCounts}
          selected={null}
          onSelect={noop}
          info={null}
          highlight={highlight}
        />
      ) : (
        <p className="text-xs text-zinc-500">Loading the schema graph…</p>
      )}
      {merged.length ? (
        <ul className="space-y-0.5 text-xs text-zinc-600">
          {merged.map((m) => (
            <li key={m.path}>
              <span className="font-medium text-zinc-800">{m.path}</span> ({m.members?.join(", ")}):{" "}
              <code className="font-mono text-[11px]">{m.nodes.join(" → ")}</code>
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
