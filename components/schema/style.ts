import type { EdgeSingular, NodeSingular, StylesheetJson } from "cytoscape";
import { COL_H, COL_W } from "./layout";
import { isOverview as overview, overviewTitleStyle } from "./overviewTitle";
import { COLUMN_FONT, GRAPH_FONT, HEADER_FONT } from "./zoomScale";

export { LEGIBLE_ZOOM } from "./zoomScale";
import { EDGE_KINDS, KIND_ORDER, omegaWidth } from "./edgeKinds";

const KEY_ICON =
  "data:image/svg+xml;utf8," +
  encodeURIComponent(
    '<svg xmlns="http://www.w3.org/2000/svg" width="16" height="16" viewBox="0 0 16 16"><circle cx="5" cy="8" ' +
      'r="3.2" fill="none" stroke="#b45309" stroke-width="1.8"/><path d="M8 8h7M12.5 8v3M14.5 8v2" ' +
      'stroke="#b45309" stroke-width="1.8" fill="none"/></svg>',
  );

const FONT = GRAPH_FONT;

const kindStyles: StylesheetJson = KIND_ORDER.map((kind) => {
  const k = EDGE_KINDS[kind];
  return {
    selector: `edge.${kind}`,
    style: {
      "line-color": k.color,
      "target-arrow-color": k.color,
      "line-style": k.line,
      "target-arrow-shape": k.arrow ? "triangle" : "none",
    },
  };
});

export const schemaStyle: StylesheetJson = [
  {
    selector: "node.table",
    style: {
      shape: "round-rectangle",
      "background-color": "#ffffff",
      "border-color": "#d4d4d8",
      "border-width": 1,
      padding: "6px",
      "corner-radius": "6px",
      "z-index-compare": "manual",
      "z-index": 0,
      // Zoomed out, the box's own label is its title (zoomScale.ts).
      ...overviewTitleStyle,
      "text-valign": "center",
      "text-halign": "center",
      "font-family": FONT,
      "font-weight": "bold",
      color: "#18181b",
      "text-background-color": "#ffffff",
      "text-background-padding": "2px",
    },
  },
  { selector: "node.table.active", style: { "border-color": "#818cf8", "border-width": 2 } },
  // A view is drawn apart: dashed grey box, slate header in italics, "· view" after its name.
  {
    selector: "node.table.view",
    style: { "background-color": "#f8fafc", "border-color": "#64748b", "border-style": "dashed", "border-width": 1.5 },
  },
  { selector: "node.header.view", style: { "background-color": "#e2e8f0", color: "#334155", "font-style": "italic" } },
  // The table the keyboard is on, and search hits.
  {
    selector: "node.table.kbd-focus",
    style: { "border-color": "#4338ca", "border-width": 3, "border-style": "solid" },
  },
  { selector: "node.table.search-hit", style: { "border-color": "#d97706", "border-width": 3 } },
  { selector: "node.header.search-hit", style: { "background-color": "#fde68a" } },
  { selector: "node.column.search-hit", style: { "background-color": "#fef08a", "border-color": "#d97706" } },
  {
    selector: "node.header",
    style: {
      shape: "round-rectangle",
      width: COL_W,
      height: (n: NodeSingular) => 28 + (Number(n.data("lines") ?? 1) - 1) * 18,
      "background-color": "#eef2ff",
      "border-width": 0,
      label: "data(label)",
      color: "#1e1b4b",
      "font-family": FONT,
      "font-size": HEADER_FONT,
      "font-weight": "bold",
      "text-valign": "center",
      "text-halign": "center",
      // Lines come broken between words (elements.ts headerLines); nothing breaks inside a word.
      "text-wrap": "wrap",
      "line-height": 1.25,
      "text-max-width": `${COL_W}px`,
      "text-opacity": (n: NodeSingular) => (overview(n) ? 0 : 1),
      "z-index-compare": "manual",
      "z-index": 2,
    },
  },
  {
    selector: "node.column",
    style: {
      shape: "round-rectangle",
      width: COL_W,
      height: COL_H,
      "background-color": "#fafafa",
      "border-color": "#e4e4e7",
      "border-width": 1,
      label: "data(label)",
      color: "#3f3f46",
      "font-family": FONT,
      "font-size": COLUMN_FONT,
      "text-valign": "center",
      "text-halign": "center",
      "text-wrap": "ellipsis",
      "text-max-width": `${COL_W - 30}px`,
      "min-zoomed-font-size": 6,
      "z-index-compare": "manual",
      "z-index": 2,
    },
  },
  {
    selector: "node.pk",
    style: {
      "background-color": "#fffbeb",
      "border-color": "#fcd34d",
      color: "#78350f",
      "font-weight": "bold",
      "background-image": KEY_ICON,
      "background-width": "12px",
      "background-height": "12px",
      "background-position-x": "7px",
      "background-position-y": "50%",
      "background-clip": "none",
    },
  },
  {
    selector: "node.column:selected",
    style: { "background-color": "#e0e7ff", "border-color": "#4f46e5", "border-width": 2, color: "#312e81" },
  },
  { selector: "node.column.linked", style: { "border-color": "#6366f1" } },
  { selector: "node:active", style: { "overlay-opacity": 0 } },
  {
    selector: "edge",
    style: {
      "curve-style": "bezier",
      width: 1.5,
      "arrow-scale": 0.8,
      opacity: 0.9,
      "source-endpoint": (e: EdgeSingular) => e.data("se"),
      "target-endpoint": (e: EdgeSingular) => e.data("te"),
      // Above the table boxes, below the column boxes: lines pass behind columns they do not touch.
      "z-index-compare": "manual",
      "z-index": 1,
      // Each edge says what it is (kind, label or score); details on hover.
      label: "data(elabel)",
      "font-family": FONT,
      "font-size": 11,
      color: "#3f3f46",
      "text-background-color": "#ffffff",
      "text-background-opacity": 0.9,
      "text-background-padding": "2px",
      "text-background-shape": "roundrectangle",
      "min-zoomed-font-size": 7,
      "transition-property": "underlay-opacity, underlay-padding",
      "transition-duration": 0.6,
    },
  },
  ...kindStyles,
  { selector: "edge.discovered", style: { width: (e: EdgeSingular) => omegaWidth(Number(e.data("weight"))) } },
  { selector: "edge.foreign_key", style: { width: 2 } },
  { selector: "edge.inferred", style: { "line-style": "dashed" } },
  {
    selector: "edge.side",
    style: {
      "curve-style": "unbundled-bezier",
      "control-point-distances": (e: EdgeSingular) => [Number(e.data("bend"))],
      "control-point-weights": [0.5],
      // The bend bulges left of the column stack: the label ends there, left of the table's box.
      "text-margin-x": (e: EdgeSingular) => -(44 + 3.3 * String(e.data("elabel") ?? "").length),
    },
  },
  { selector: "edge.key", style: { width: 1, opacity: 0.8 } },
  { selector: "edge.hidden", style: { display: "none" } },
  { selector: "edge.fit-hidden", style: { display: "none" } },
  {
    selector: "edge.hover, edge:selected",
    style: { "z-index": 3, "underlay-color": "#6366f1", "underlay-opacity": 0.18, "underlay-padding": 4, opacity: 1 },
  },
  { selector: "edge.faded", style: { opacity: 0.12 } },
  // The edge an edit just added: a glow that fades, the only thing that moves after an edit.
  {
    selector: "edge.fresh",
    style: { "underlay-color": "#22c55e", "underlay-opacity": 0.45, "underlay-padding": 7, opacity: 1, "z-index": 3 },
  },
  // The line that follows the pointer while drawing an edge, and its invisible end.
  {
    selector: "node.draw-ghost",
    style: { width: 1, height: 1, opacity: 0, events: "no", label: "" },
  },
  {
    selector: "edge.draw-ghost",
    style: {
      "line-color": "#16a34a",
      "line-style": "dashed",
      width: 2,
      "target-arrow-shape": "triangle",
      "target-arrow-color": "#16a34a",
      "curve-style": "straight",
      "source-endpoint": "outside-to-node",
      "target-endpoint": "outside-to-node",
      events: "no",
      label: "",
      "z-index": 5,
    },
  },
  { selector: "node.faded", style: { opacity: 0.15 } },
  // Zoomed out (useCytoscape marks it), tables are cards with their titles; a path's columns stay.
  { selector: "node.column.overview, node.header.overview", style: { opacity: 0 } },
  { selector: "node.column.overview.on-path", style: { opacity: 1 } },
  { selector: "node.collapsed", style: { display: "none" } },
  // SGAM's paths in a run, and the column a drag starts from while drawing an edge.
  {
    selector: "node.column.on-path",
    style: { "background-color": "#fef3c7", "border-color": "#d97706", "border-width": 2 },
  },
  {
    selector: "edge.on-path",
    style: {
      display: "element",
      "line-color": "#d97706",
      "target-arrow-color": "#d97706",
      width: 3.5,
      opacity: 1,
      "z-index": 4,
    },
  },
  {
    selector: "node.column.draw-source",
    style: { "background-color": "#dcfce7", "border-color": "#16a34a", "border-width": 2 },
  },
];
