"use client";

import { useEffect, useMemo, useRef, useState } from "react";
import type { Core } from "cytoscape";
import { describeJoinCounts, edgeCategory, type EdgeCategory } from "@/lib/core/index/join-review";
import type { SchemaGraphResponse, TableInfo } from "@/components/index/types";
import { ErrorPanel } from "@/components/ui/ErrorPanel";
import { plural } from "@/components/ui/format";
import { buildElements, headerNodeId } from "./elements";
import { GraphSearch } from "./GraphSearch";
import { GraphToolbar } from "./GraphToolbar";
import { GraphTooltip } from "./GraphTooltip";
import { SchemaLegend } from "./SchemaLegend";
import { markLikelyAtFit, useCytoscape, type Hover } from "./useCytoscape";
import { useEdgeDrawing } from "./useEdgeDrawing";
import { useGraphSync } from "./useGraphSync";
import { useCollapse } from "./useCollapse";
import { useGraphKeys } from "./useGraphKeys";
import { useGraphSearch } from "./useGraphSearch";
import { useNeighbourhood } from "./useNeighbourhood";
import { usePathHighlight } from "./usePathHighlight";
import { centreReadable } from "./viewport";

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
  // Everything the methods join on is drawn; only key edges (column → its table's key) start hidden.
  const [hidden, setHidden] = useState<ReadonlySet<EdgeCategory>>(() => new Set<EdgeCategory>(["key"]));
  const { cy, error } = useCytoscape(containerRef, model, { onSelect, onHover: setHover });
  useGraphSync(cy, hidden, selected, model);
  // Likely joins zoomed out (Fit): off by default, a tangle on a large schema.
  const [likelyAtFit, setLikelyAtFit] = useState(false);
  useEffect(() => {
    if (!cy) return;
    cy.scratch("likelyAtFit", likelyAtFit);
    markLikelyAtFit(cy);
  }, [cy, likelyAtFit, model]);
  useEdgeDrawing(cy, drawing, onDrawEdge);
  usePathHighlight(cy, highlight);
  const [focus, setFocus] = useState(false);
  useNeighbourhood(cy, focus ? (selected?.table ?? null) : null);
  const [collapsed, setCollapsed] = useState(false);
  const pathKey = highlight ? [...highlight.nodes].join("|") : "";
  useCollapse(cy, collapsed, model, pathKey);
  const [query, setQuery] = useState("");
  const [hitIndex, setHitIndex] = useState(0);
  const hits = useGraphSearch(cy, model, query, hitIndex);
  // Tab order: the layout's reading order, column by column, top to bottom.
  const readingOrder = useMemo(() => {
    const at = new Map(
      model.elements.filter((e) => e.data.role === "header").map((e) => [String(e.data.table), e.position]),
    );
    return [...model.tables.keys()].sort((a, b) => {
      const pa = at.get(a) ?? { x: 0, y: 0 };
      const pb = at.get(b) ?? { x: 0, y: 0 };
      return pa.x - pb.x || pa.y - pb.y;
    });
  }, [model]);
  const keys = useGraphKeys(
    cy,
    readingOrder,
    (table) => {
      onSelect(table, null);
      if (cy) fitTable(cy, table);
    },
    () => {
      setQuery("");
      setFocus(false);
    },
  );
  const [bounds, setBounds] = useState({ width: 0, height: 0 });
  useEffect(() => {
    const el = containerRef.current;
    if (el) setBounds({ width: el.clientWidth, height: el.clientHeight });
  }, [hover]);

  const counts = useMemo(() => {
    const m = new Map<EdgeCategory, number>();
    for (const e of model.edges.values()) {
      const c = edgeCategory(e);
      m.set(c, (m.get(c) ?? 0) + 1);
    }
    return m;
  }, [model]);
  const toggle = (category: EdgeCategory) =>
    setHidden((h) => {
      const next = new Set(h);
      if (!next.delete(category)) next.add(category);
      return next;
    });
  const joinText = graph.joinCounts ? describeJoinCounts(graph.joinCounts) : "";
  // "drawn" must stay true at Fit, where likely joins are left out of the overview unless the toggle asks.
  const likelyCount = counts.get("likely") ?? 0;
  const hiddenLikely =
    likelyCount === 0
      ? ""
      : hidden.has("likely")
        ? " (likely joins hidden)"
        : likelyAtFit
          ? ""
          : " (likely joins drawn when zoomed in)";
  const summary = [plural(model.tableCount, "table"), plural(model.nodes.size, "column"), joinText]
    .filter(Boolean)
    .join(" · ")
    .concat(hiddenLikely);
  const focusName = keys.current;
  const focusInfo = focusName ? model.tables.get(focusName) : null;

  return (
    <div className="flex min-w-0 flex-col gap-2">
      <GraphToolbar
        cy={cy}
        tables={[...model.tables.keys()]}
        focus={focus}
        onFocus={setFocus}
        collapsed={collapsed}
        onCollapse={setCollapsed}
        onJump={(t) => onSelect(t, null)}
        likelyAtFit={likelyCount > 0 ? likelyAtFit : undefined}
        onLikelyAtFit={setLikelyAtFit}
        showKeys={!hidden.has("key")}
        onShowKeys={(show) => show === hidden.has("key") && toggle("key")}
        summary={summary}
      >
        <GraphSearch
          disabled={!cy}
          query={query}
          hits={hits}
          current={hitIndex}
          onQuery={(q) => {
            setQuery(q);
            setHitIndex(0);
            const exact = searchExact(model, q);
            if (exact) onSelect(exact.table, exact.column);
          }}
          onNext={(step) => setHitIndex((i) => (i + step + hits.length) % Math.max(1, hits.length))}
          onPick={(hit) => onSelect(hit.table, hit.column)}
        />
      </GraphToolbar>
      {error ? <ErrorPanel title="Could not draw the graph">{error}</ErrorPanel> : null}
      <div
        className={
          "relative h-[max(26rem,calc(100vh-24rem))] overflow-hidden rounded-md border " +
          "border-zinc-200 bg-zinc-50/60 shadow-sm focus-within:ring-2 focus-within:ring-indigo-300"
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
          data-discovered-count={cy ? (counts.get("likely") ?? 0) : undefined}
          data-drawing={drawing ? "true" : "false"}
          data-keyboard-table={focusName ?? ""}
          role="application"
          // biome-ignore lint/a11y/noNoninteractiveTabindex: the graph is operated from the keyboard.
          tabIndex={0}
          aria-roledescription="schema graph"
          aria-label={
            `Schema graph: ${summary}. Tab or the arrow keys move between tables, Enter selects one, ` +
            "Escape clears."
          }
          onKeyDown={keys.onKeyDown}
          onBlur={(e) => {
            if (!e.currentTarget.contains(e.relatedTarget as Node | null)) keys.clear();
          }}
          className="h-full w-full outline-none"
        />
        {hover ? <GraphTooltip hover={hover} model={model} info={info} bounds={bounds} /> : null}
        <p aria-live="polite" data-testid="graph-keyboard-status" className="sr-only">
          {focusName && focusInfo
            ? `${focusName}${focusInfo.isView ? " (view)" : ""}: ${plural(focusInfo.columns, "column")}` +
              (focusInfo.rows === null ? "" : `, ${plural(focusInfo.rows, "row")}`)
            : ""}
        </p>
      </div>
      <SchemaLegend
        counts={counts}
        hidden={hidden}
        onToggle={toggle}
        hasViews={[...model.tables.values()].some((t) => t.isView)}
      />
    </div>
  );
}

/** An exact table or "table.column" / column name match, selected as soon as it is typed. */
function searchExact(model: ReturnType<typeof buildElements>, q: string) {
  const v = q.trim().toLowerCase();
  if (!v) return null;
  for (const n of model.nodes.values())
    if (n.id.toLowerCase() === v || `${n.table}.${n.name}`.toLowerCase() === v)
      return { table: n.table, column: n.column };
  for (const t of model.tables.keys()) if (t.toLowerCase() === v) return { table: t, column: null };
  return null;
}

/** Zooms to one table's box at a readable size. */
function fitTable(cy: Core, table: string) {
  centreReadable(cy, cy.getElementById(headerNodeId(table)).parent());
}
