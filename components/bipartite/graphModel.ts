import type { ElementDefinition } from "cytoscape";
import type { BipartiteData, BipartiteModel } from "./types";

const ROW_GAP = 34;
const COLUMN_GAP = 420;

/** G_d as a graph model: every linked row and every passage, edges marked "linked". */
export function dataGraphModel(data: BipartiteData, maxNodes = 300): BipartiteModel {
  const segments = data.segments.slice(0, maxNodes);
  const keep = new Set(segments.map((s) => s.id));
  const links = data.links.filter((l) => keep.has(l.segment));
  const passageIds = new Set(links.map((l) => l.passage));
  const passages = data.passages.filter((p) => passageIds.has(p.id) || p.links === 0).slice(0, maxNodes);
  const shown = new Set(passages.map((p) => p.id));
  return {
    nodes: [
      ...segments.map((s) => ({
        id: s.id,
        side: "segment" as const,
        label: `${s.table} #${s.rowId} · ${s.label}`,
        marks: [],
      })),
      ...passages.map((p) => ({
        id: p.id,
        side: "passage" as const,
        label: p.title,
        marks: p.links === 0 ? ["unlinked"] : [],
      })),
    ],
    edges: links
      .filter((l) => shown.has(l.passage))
      .map((l) => ({
        id: `${l.segment}|${l.passage}`,
        segment: l.segment,
        passage: l.passage,
        score: l.score,
        marks: ["linked", l.kind],
      })),
  };
}

/**
 * Cytoscape elements with a two-column preset layout: rows on the left, passages on the right,
 * each side in the order given (callers order by rank), edge width from the score.
 */
export function toElements(model: BipartiteModel): ElementDefinition[] {
  const left = model.nodes.filter((n) => n.side === "segment");
  const right = model.nodes.filter((n) => n.side === "passage");
  const y = (i: number, n: number) => (i - (n - 1) / 2) * ROW_GAP;
  return [
    ...left.map((n, i) => ({
      group: "nodes" as const,
      data: { id: n.id, label: n.label },
      position: { x: 0, y: y(i, left.length) },
      classes: ["segment", ...n.marks].join(" "),
    })),
    ...right.map((n, i) => ({
      group: "nodes" as const,
      data: { id: n.id, label: n.label },
      position: { x: COLUMN_GAP, y: y(i, right.length) },
      classes: ["passage", ...n.marks].join(" "),
    })),
    ...model.edges.map((e) => ({
      group: "edges" as const,
      data: {
        id: e.id,
        source: e.segment,
        target: e.passage,
        score: e.score,
        width: 1 + 7 * Math.max(0, Math.min(1, e.score)),
      },
      classes: e.marks.join(" "),
    })),
  ];
}
