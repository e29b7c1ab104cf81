import type { NodeSingular, StylesheetJson } from "cytoscape";

const FONT = 'ui-sans-serif, system-ui, -apple-system, "Segoe UI", Roboto, Arial, sans-serif';

/** Labels are read at this size (px on screen) whatever the zoom a fit picks; 11 px is the smallest legible. */
const LABEL_PX = 11;
const LABEL_MAX_PX = 220;
// Sizes in model units that draw at LABEL_PX on screen (a fitted graph is often zoomed to 0.4).
const onScreen = (px: number) => (n: NodeSingular) => px / Math.min(1, n.cy().zoom());

/** Rows are blue boxes on the left, passages amber on the right; edge width is the score. */
export const bipartiteStyle: StylesheetJson = [
  {
    selector: "node",
    style: {
      label: "data(label)",
      "font-family": FONT,
      "font-size": onScreen(LABEL_PX),
      color: "#27272a",
      "text-valign": "center",
      width: 16,
      height: 16,
      "border-width": 1,
      "text-max-width": (n: NodeSingular) => `${onScreen(LABEL_MAX_PX)(n)}px`,
      "text-wrap": "ellipsis",
    },
  },
  {
    selector: "node.segment",
    style: {
      shape: "round-rectangle",
      "background-color": "#bfdbfe",
      "border-color": "#2563eb",
      "text-halign": "left",
      "text-margin-x": -6,
    },
  },
  {
    selector: "node.passage",
    style: {
      shape: "ellipse",
      "background-color": "#fde68a",
      "border-color": "#b45309",
      "text-halign": "right",
      "text-margin-x": 6,
    },
  },
  {
    selector: "node.unlinked",
    style: { "background-color": "#f4f4f5", "border-color": "#a1a1aa", "border-style": "dashed", color: "#71717a" },
  },
  { selector: "node.seed", style: { "border-width": 3, "border-color": "#7c3aed" } },
  {
    selector: "node.aggregated",
    style: { "background-color": "#c7d2fe", "border-width": 3, "border-color": "#4338ca" },
  },
  {
    selector: "node.answer",
    style: { "background-color": "#34d399", "border-color": "#047857", "border-width": 3, "font-weight": "bold" },
  },
  { selector: "node:selected", style: { "overlay-color": "#6366f1", "overlay-opacity": 0.15, "overlay-padding": 4 } },
  {
    selector: "edge",
    style: { width: "data(width)", "line-color": "#a1a1aa", "curve-style": "bezier", opacity: 0.8 },
  },
  { selector: "edge.retrieved, edge.reranked", style: { "line-color": "#60a5fa" } },
  { selector: "edge.expanded", style: { "line-color": "#f59e0b", "line-style": "dashed" } },
  { selector: "edge.final", style: { "line-color": "#10b981", opacity: 1 } },
  { selector: "edge.dropped", style: { "line-color": "#ef4444", "line-style": "dotted", opacity: 0.5 } },
  { selector: "edge.fuzzy, edge.normalised", style: { "line-style": "dashed" } },
];
