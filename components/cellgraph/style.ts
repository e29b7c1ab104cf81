import type { StylesheetJson } from "cytoscape";

/** Cells as boxes in table geometry; the trace in indigo, the answer in green, the latest results tinted. */
export const cellGraphStyle: StylesheetJson = [
  {
    selector: "node",
    style: {
      shape: "round-rectangle",
      width: "data(w)",
      height: "data(h)",
      "background-color": "#f4f4f5",
      "border-width": 1,
      "border-color": "#d4d4d8",
      label: "data(label)",
      // 12 px at zoom 1; the view never zooms below 11/12 by itself (CellGraphView), so text is ≥ 11 px.
      "font-size": 12,
      "text-wrap": "ellipsis",
      color: "#3f3f46",
      "text-valign": "center",
      "text-halign": "center",
      "text-max-width": "data(w)",
    },
  },
  { selector: "node.observed", style: { "background-color": "#e0e7ff", "border-color": "#a5b4fc" } },
  {
    selector: "node.visited",
    style: { "background-color": "#4f46e5", "border-color": "#3730a3", color: "#ffffff", "font-weight": "bold" },
  },
  {
    selector: "node.answer",
    style: { "background-color": "#059669", "border-color": "#064e3b", "border-width": 3, color: "#ffffff" },
  },
  { selector: "edge", style: { width: 2, "line-color": "#818cf8", "curve-style": "straight", opacity: 0.7 } },
];
