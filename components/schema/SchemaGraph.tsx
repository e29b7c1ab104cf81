"use client";

import { useEffect, useMemo, useRef, useState } from "react";
import type { EdgeKind } from "@/lib/core/model/index-types";
import type { SchemaGraphResponse, TableInfo } from "@/components/index/types";
import { ErrorPanel } from "@/components/ui/ErrorPanel";
import { plural } from "@/components/ui/format";
import { buildElements } from "./elements";
import { GraphToolbar } from "./GraphToolbar";
import { GraphTooltip } from "./GraphTooltip";
import { SchemaLegend } from "./SchemaLegend";
import { useCytoscape, type Hover } from "./useCytoscape";
import { useEdgeDrawing } from "./useEdgeDrawing";
import { useGraphSync } from "./useGraphSync";
import { useCollapse } from "./useCollapse";
import { useNeighbourhood } from "./useNeighbourhood";
import { usePathHighlight } from "./usePathHighlight";

interface SchemaGraphProps {
  graph: SchemaGraphResponse;
  tableOrder: string[];
  rowCounts: Map<string, number>;
  selected: { table: string; column: string | null } | null;
  onSelect: (table: string, column: string | null) => void;
  /** Profiles and descriptions, for the hover box (null until loaded). */
  info: TableInfo[] | null;
  /** While true, a drag from one column to another calls onDrawEdge (curation). */
  drawing?: boolean;
  onDrawEdge?: (source: string, target: string) => void;
  /** Nodes and edges to mark (SGAM's paths in a run). */
  highlight?: { nodes: ReadonlySet<string>; edges: ReadonlySet<string> };
}

/** The schema graph: tables as boxes holding their columns, edges styled by kind, ω on hover. */
export function SchemaGraph({
  graph,
  tableOrder,
  rowCounts,
  selected,
  onSelect,
  info,
  drawing = false,
  onDrawEdge,
  highlight,
}: SchemaGraphProps) {
  const containerRef = useRef<HTMLDivElement>(null);
  const model = useMemo(() => buildElements(graph, tableOrder, rowCounts), [graph, tableOrder, rowCounts]);
  const [hover, setHover] = useState<Hover | null>(null);
  // Discovered candidates are suggestions: a web of them over the declared keys hides the schema
  // rather than explains it, so they start hidden and the legend (or the summary) shows them.
  const [hidden, setHidden] = useState<ReadonlySet<EdgeKind>>(() => new Set<EdgeKind>(["key", "discovered"]));
  const { cy, error } = useCytoscape(containerRef, model, { onSelect, onHover: setHover });
  useGraphSync(cy, hidden, selected, model);
  useEdgeDrawing(cy, drawing, onDrawEdge);
  usePathHighlight(cy, highlight);
  const [focus, setFocus] = useState(false);
  useNeighbourhood(cy, focus ? (selected?.table ?? null) : null);
  const [collapsed, setCollapsed] = useState(false);
  useCollapse(cy, collapsed);
  const columnIds = useMemo(() => [...model.nodes.keys()], [model]);
  const findColumn = (id: string) => {
    const n = model.nodes.get(id);
    if (!n) return;
    onSelect(n.table, n.column);
    const node = cy?.getElementById(id);
    if (cy && node && node.nonempty())
      cy.animate({ center: { eles: node }, zoom: Math.max(cy.zoom(), 0.9) }, { duration: 200 });
  };
  const [bounds, setBounds] = useState({ width: 0, height: 0 });
  useEffect(() => {
    const el = containerRef.current;
    if (el) setBounds({ width: el.clientWidth, height: el.clientHeight });
  }, [hover]);

  const counts = useMemo(() => {
    const m = new Map<EdgeKind, number>();
    for (const e of model.edges.values()) m.set(e.kind, (m.get(e.kind) ?? 0) + 1);
    return m;
  }, [model]);
  const toggle = (kind: EdgeKind) =>
    setHidden((h) => {
      const next = new Set(h);
      if (!next.delete(kind)) next.add(kind);
      return next;
    });
  const interTable = [...model.edges.values()].filter((e) => e.kind !== "key").length;
  const hiddenDiscovered = hidden.has("discovered") ? (counts.get("discovered") ?? 0) : 0;
  const hiddenText = hiddenDiscovered ? ` (${plural(hiddenDiscovered, "suggested join")} hidden)` : "";
  const summary = [plural(model.tableCount, "table"), plural(model.nodes.size, "column"), plural(interTable, "link")]
    .join(" · ")
    .concat(hiddenText);
  const discovered = counts.get("discovered") ?? 0;

  return (
    <div className="flex min-w-0 flex-col gap-2">
      <GraphToolbar
        cy={cy}
        tables={[...model.tables.keys()]}
        columns={columnIds}
        onFindColumn={findColumn}
        focus={focus}
        onFocus={setFocus}
        collapsed={collapsed}
        onCollapse={setCollapsed}
        onJump={(t) => onSelect(t, null)}
        showKeys={!hidden.has("key")}
        onShowKeys={(show) => show === hidden.has("key") && toggle("key")}
        summary={summary}
      />
      {error ? <ErrorPanel title="Could not draw the graph">{error}</ErrorPanel> : null}
      <div
        className={
          "relative h-[max(26rem,calc(100vh-24rem))] overflow-hidden rounded-md border " +
          "border-zinc-200 bg-zinc-50/60 shadow-sm"
        }
      >
        <div
          ref={containerRef}
          data-testid="schema-graph"
          data-ready={cy ? "true" : "false"}
          data-node-count={cy ? model.nodes.size : undefined}
          data-table-count={cy ? model.tableCount : undefined}
          data-edge-count={cy ? model.edges.size : undefined}
          data-foreign-key-count={cy ? (counts.get("foreign_key") ?? 0) : undefined}
          data-discovered-count={cy ? (counts.get("discovered") ?? 0) : undefined}
          data-drawing={drawing ? "true" : "false"}
          role="img"
          aria-label={`Schema graph: ${summary}`}
          className="h-full w-full"
        />
        {hover ? <GraphTooltip hover={hover} model={model} info={info} bounds={bounds} /> : null}
      </div>
      <div className="flex flex-wrap items-center gap-2">
        {discovered > 0 ? (
          <button
            type="button"
            data-testid="toggle-suggestions"
            aria-pressed={!hidden.has("discovered")}
            onClick={() => toggle("discovered")}
            className="rounded border border-sky-300 bg-sky-50 px-2 py-0.5 text-xs text-sky-800 hover:bg-sky-100"
          >
            {hidden.has("discovered") ? `Show ${plural(discovered, "suggested join")}` : "Hide suggested joins"}
          </button>
        ) : null}
        <SchemaLegend counts={counts} hidden={hidden} onToggle={toggle} />
      </div>
    </div>
  );
}
