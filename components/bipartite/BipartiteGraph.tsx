"use client";

import type { Core } from "cytoscape";
import { useEffect, useRef, useState } from "react";
import { toElements } from "./graphModel";
import { bipartiteStyle } from "./style";
import type { BipartiteModel } from "./types";

/**
 * The bipartite graph in cytoscape: rows left, passages right, edge width = score. Rebuilt when
 * the model changes (a growing run adds nodes); a tap on a node reports it to `onSelect`.
 */
export function BipartiteGraph({
  model,
  onSelect,
  testId = "bipartite-graph",
  height = 420,
}: {
  model: BipartiteModel;
  onSelect?: (id: string) => void;
  testId?: string;
  height?: number;
}) {
  const ref = useRef<HTMLDivElement>(null);
  const cyRef = useRef<Core | null>(null);
  const selectRef = useRef(onSelect);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    selectRef.current = onSelect;
  });
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    let disposed = false;
    import("cytoscape")
      .then(({ default: cytoscape }) => {
        if (disposed) return;
        cyRef.current?.destroy();
        const cy = cytoscape({
          container: el,
          elements: toElements(model),
          style: bipartiteStyle,
          layout: { name: "preset" },
          minZoom: 0.1,
          maxZoom: 2.5,
          autoungrabify: true,
          boxSelectionEnabled: false,
        });
        cy.fit(undefined, 24);
        // Label sizes follow the zoom (see style.ts): setting data has cytoscape recompute them.
        const restyle = () => cy.nodes().data("zoom", cy.zoom());
        restyle();
        let frame = 0;
        cy.on("viewport", () => {
          cancelAnimationFrame(frame);
          frame = requestAnimationFrame(restyle);
        });
        cy.on("tap", "node", (e) => selectRef.current?.(e.target.id()));
        cyRef.current = cy;
      })
      .catch((err: unknown) => setError(err instanceof Error ? err.message : String(err)));
    return () => {
      disposed = true;
    };
  }, [model]);
  useEffect(() => () => cyRef.current?.destroy(), []);
  if (error) return <p className="text-xs text-red-700">The graph could not be drawn: {error}</p>;
  return (
    <div
      ref={ref}
      data-testid={testId}
      data-nodes={model.nodes.length}
      data-edges={model.edges.length}
      className="w-full rounded border border-zinc-200 bg-white"
      style={{ height }}
      role="img"
      aria-label={
        `Bipartite ` +
        `graph: ${model.nodes.filter((n) => n.side === "segment").length} rows, ` +
        `${model.nodes.filter((n) => n.side === "passage").length} passages, ${model.edges.length} edges`
      }
    />
  );
}

/** Legend of the node and edge colours. */
export function BipartiteLegend({ run }: { run?: boolean }) {
  const item = (color: string, text: string, dashed = false) => (
    <span className="inline-flex items-center gap-1">
      <span
        className="inline-block h-0 w-5 border-t-2"
        style={{ borderColor: color, borderStyle: dashed ? "dashed" : "solid" }}
      />{" "}
      {text}
    </span>
  );
  return (
    <p className="flex flex-wrap gap-x-3 gap-y-1 text-[11px] text-zinc-500">
      <span className="inline-flex items-center gap-1">
        <span className="inline-block h-2.5 w-2.5 rounded-sm border border-blue-600 bg-blue-200" /> row (segment)
      </span>
      <span className="inline-flex items-center gap-1">
        <span className="inline-block h-2.5 w-2.5 rounded-full border border-amber-700 bg-amber-200" /> passage
      </span>
      {run ? (
        <>
          {item("#60a5fa", "retrieved")}
          {item("#f59e0b", "expanded", true)}
          {item("#10b981", "final ranking")}
          {item("#ef4444", "dropped by verification", true)}
          <span className="inline-flex items-center gap-1">
            <span className="inline-block h-2.5 w-2.5 rounded-sm border-2 border-violet-600" /> seed
          </span>
          <span className="inline-flex items-center gap-1">
            <span className="inline-block h-2.5 w-2.5 rounded-sm border border-emerald-700 bg-emerald-400" /> answer
          </span>
        </>
      ) : (
        <>
          {item("#a1a1aa", "link (width = score)")}
          {item("#a1a1aa", "fuzzy / normalised link", true)}
        </>
      )}
    </p>
  );
}
