"use client";

import type { Core } from "cytoscape";
import { useEffect, useMemo, useRef, useState } from "react";
import { ErrorPanel } from "@/components/ui/ErrorPanel";
import { Spinner } from "@/components/ui/Spinner";
import { placeNodes, type GraphWalk, type ViewNode } from "./model";
import { cellGraphStyle } from "./style";
import { useCellGraph } from "./useCellGraph";

const clip = (s: string, n = 16) => (s.length > n ? `${s.slice(0, n - 1)}…` : s);

/**
 * A table's cell graph drawn in the table's geometry (merged cells wide), lighting up the nodes of
 * the reasoning trace numbered by the step that reached them, the answer cells outlined, and the
 * latest action's results tinted. Edges drawn are the trace's; the rest are implied by the grid.
 */
export function CellGraphView({ datasetId, table, walk }: { datasetId: string; table: string; walk?: GraphWalk }) {
  const focus = useMemo(() => [...new Set([...(walk?.visits.keys() ?? []), ...(walk?.answerCells ?? [])])], [walk]);
  const graph = useCellGraph(datasetId, table, focus);
  const container = useRef<HTMLDivElement>(null);
  const [cy, setCy] = useState<Core | null>(null);
  const [error, setError] = useState<string | null>(null);
  const nodes = graph.status === "ready" ? graph.data.nodes : null;

  useEffect(() => {
    const el = container.current;
    if (!el || !nodes) return;
    let disposed = false;
    let instance: Core | null = null;
    import("cytoscape")
      .then(({ default: cytoscape }) => {
        if (disposed) return;
        instance = cytoscape({
          container: el,
          elements: placeNodes(nodes as ViewNode[]).map((n) => ({
            group: "nodes" as const,
            data: { id: n.id, label: clip(n.value), w: n.w, h: n.h, value: n.value },
            position: { x: n.x, y: n.y },
          })),
          style: cellGraphStyle,
          layout: { name: "preset", fit: true, padding: 12 },
          minZoom: 0.05,
          maxZoom: 3,
          autoungrabify: true,
          boxSelectionEnabled: false,
        });
        if (instance.zoom() > 1.2) {
          instance.zoom(1.2);
          instance.center();
        }
        readable(instance);
        setCy(instance);
      })
      .catch((err: unknown) => setError(err instanceof Error ? err.message : String(err)));
    return () => {
      disposed = true;
      instance?.destroy();
      setCy(null);
    };
  }, [nodes]);

  // Highlights follow the walk without rebuilding the drawing.
  useEffect(() => {
    if (!cy) return;
    cy.batch(() => {
      cy.edges().remove();
      cy.nodes().forEach((n) => {
        const id = n.id();
        const step = walk?.visits.get(id);
        n.toggleClass("visited", step !== undefined);
        n.toggleClass("observed", !!walk?.observed.has(id) && step === undefined);
        n.toggleClass("answer", !!walk?.answerCells.has(id));
        n.data("label", step !== undefined ? `${step}│${clip(n.data("value"), 13)}` : clip(n.data("value")));
        n.data("step", step ?? "");
      });
      for (const e of walk?.edges ?? []) {
        if (cy.getElementById(e.source).nonempty() && cy.getElementById(e.target).nonempty()) {
          cy.add({ group: "edges", data: { id: `${e.source}-${e.target}`, source: e.source, target: e.target } });
        }
      }
    });
    const lit = cy.nodes(".visited, .answer");
    if (graph.status === "ready" && graph.data.partial && lit.nonempty()) {
      cy.fit(lit, 40);
      readable(cy, lit);
    }
  }, [cy, walk, graph]);

  const visitedIds = [...(walk?.visits.entries() ?? [])].sort((a, b) => a[1] - b[1]);
  return (
    <section className="space-y-1" aria-label="Cell graph" data-testid="cell-graph" data-table={table}>
      <div className="flex items-baseline justify-between gap-2">
        <h2 className="text-xs font-semibold tracking-wide text-zinc-500 uppercase">Cell graph · {table}</h2>
        {graph.status === "ready" ? (
          <span className="text-[11px] text-zinc-500" data-testid="cell-graph-caption">
            {graph.data.partial
              ? `${graph.data.nodes.length.toLocaleString("en-US")} of ${graph.data.total.toLocaleString("en-US")}` +
                ` nodes: the header rows and the neighbourhood of the cells in play`
              : `${graph.data.total.toLocaleString("en-US")} nodes, ${graph.data.rows} rows ` +
                `× ${graph.data.columns} columns`}
          </span>
        ) : null}
      </div>
      {graph.status === "error" ? <ErrorPanel title="Could not load the cell graph">{graph.error}</ErrorPanel> : null}
      {error ? <ErrorPanel title="Could not draw the cell graph">{error}</ErrorPanel> : null}
      <div className="relative">
        {graph.status === "loading" ? (
          <p className="absolute inset-0 flex items-center justify-center gap-2 text-xs text-zinc-500">
            <Spinner /> Loading the cell graph…
          </p>
        ) : null}
        <div
          ref={container}
          data-testid="cell-graph-canvas"
          className="h-80 w-full rounded-md border border-zinc-200 bg-white"
        />
      </div>
      {/* The walk as text too: screen readers and tests read it; the canvas is a picture. */}
      <ol className="flex flex-wrap gap-1 text-[11px]" aria-label="Visited nodes">
        {visitedIds.map(([id, step]) => (
          <li
            key={id}
            data-testid="visited-node"
            data-node={id}
            data-step={step}
            data-answer={walk?.answerCells.has(id) ? "true" : "false"}
            className={`rounded px-1 ${
              walk?.answerCells.has(id) ? "bg-emerald-600 text-white" : "bg-indigo-50 text-indigo-900"
            }`}
          >
            {step}: {graph.status === "ready" ? clip(graph.data.nodes.find((n) => n.id === id)?.value ?? id, 24) : id}
          </li>
        ))}
      </ol>
    </section>
  );
}

/** Cell text is 12 px at zoom 1: below 11/12 a fitted grid is shown from its corner (or its lit cells) at 11 px. */
const LEGIBLE_ZOOM = 11 / 12;
function readable(cy: Core, around?: ReturnType<Core["nodes"]>) {
  if (cy.zoom() >= LEGIBLE_ZOOM) return;
  cy.zoom(LEGIBLE_ZOOM);
  if (around?.nonempty()) {
    cy.center(around);
    return;
  }
  const bb = cy.elements().boundingBox();
  cy.pan({ x: 12 - bb.x1 * LEGIBLE_ZOOM, y: 12 - bb.y1 * LEGIBLE_ZOOM });
}
