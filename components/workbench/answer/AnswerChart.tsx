"use client";

import * as Plot from "@observablehq/plot";
import { useEffect, useRef } from "react";
import type { BarChart } from "../model/chart";

const BAR_HEIGHT = 22;
/** Longest label drawn in full; a longer one is cut on the axis and shown whole on hover. */
const MAX_LABEL_CHARS = 24;

const shortLabel = (label: string) =>
  label.length > MAX_LABEL_CHARS ? `${label.slice(0, MAX_LABEL_CHARS - 1)}…` : label;

/** The bars of a grouped answer, drawn by Observable Plot as SVG, one bar per result row in the result's order. */
export function AnswerChart({ chart }: { chart: BarChart }) {
  const host = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const el = host.current;
    if (!el) return;
    const longest = Math.max(...chart.bars.map((b) => shortLabel(b.label).length));
    const svg = Plot.plot({
      width: Math.max(280, el.clientWidth),
      height: chart.bars.length * BAR_HEIGHT + 40,
      marginLeft: Math.min(180, 12 + longest * 6.5),
      marginRight: 48,
      style: { fontSize: "11px", overflow: "visible" },
      x: { grid: true, label: chart.measureColumn, labelAnchor: "right" },
      y: { domain: chart.bars.map((b) => b.label), label: chart.labelColumn, tickFormat: shortLabel },
      marks: [
        Plot.barX(chart.bars, { x: "value", y: "label", fill: "#6366f1", title: (b) => `${b.label}: ${b.value}` }),
        Plot.text(chart.bars, { x: "value", y: "label", text: (b) => String(b.value), dx: 4, textAnchor: "start" }),
        Plot.ruleX([0]),
      ],
    });
    svg.setAttribute("data-testid", "answer-chart-svg");
    el.replaceChildren(svg);
    return () => svg.remove();
  }, [chart]);
  return (
    <figure data-testid="answer-chart" data-bars={chart.bars.length} className="min-w-0 space-y-1">
      <figcaption className="text-[11px] font-semibold text-zinc-500">
        {chart.measureColumn} by {chart.labelColumn}
      </figcaption>
      <div ref={host} className="w-full" />
    </figure>
  );
}
