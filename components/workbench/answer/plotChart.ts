import * as Plot from "@observablehq/plot";
import type { BarChart, LineChart, ResultChart, ScatterChart } from "../model/chart";

const BAR_HEIGHT = 22;
const COLOR = "#6366f1";
/** Longest label drawn in full; a longer one is cut on the axis and shown whole on hover. */
const MAX_LABEL_CHARS = 24;
const STYLE = { fontSize: "11px", overflow: "visible", background: "white" } as const;

const shortLabel = (label: string) =>
  label.length > MAX_LABEL_CHARS ? `${label.slice(0, MAX_LABEL_CHARS - 1)}…` : label;

/** The chart as Observable Plot draws it (an SVG element), `width` px wide. */
export function plotChart(chart: ResultChart, width: number): SVGSVGElement | HTMLElement {
  if (chart.kind === "bar") return barPlot(chart, width);
  if (chart.kind === "line") return linePlot(chart, width);
  return scatterPlot(chart, width);
}

/** The caption under which a chart is shown and the name its exported files take. */
export function chartTitle(chart: ResultChart): string {
  if (chart.kind === "bar") return `${chart.measureColumn} by ${chart.labelColumn}`;
  if (chart.kind === "line") return `${chart.measureColumn} by ${chart.dateColumn}`;
  return `${chart.yColumn} against ${chart.xColumn}`;
}

function barPlot(chart: BarChart, width: number) {
  const longest = Math.max(...chart.bars.map((b) => shortLabel(b.label).length));
  return Plot.plot({
    width,
    height: chart.bars.length * BAR_HEIGHT + 40,
    marginLeft: Math.min(180, 12 + longest * 6.5),
    marginRight: 48,
    style: STYLE,
    x: { grid: true, label: chart.measureColumn, labelAnchor: "right" },
    // No y-axis title: above the first label it ran into the labels (PNG export most of all); the
    // caption ("count by name") names the label column.
    y: { domain: chart.bars.map((b) => b.label), label: null, tickFormat: shortLabel },
    marks: [
      Plot.barX(chart.bars, { x: "value", y: "label", fill: COLOR, title: (b) => `${b.label}: ${b.value}` }),
      Plot.text(chart.bars, { x: "value", y: "label", text: (b) => String(b.value), dx: 4, textAnchor: "start" }),
      Plot.ruleX([0]),
    ],
  });
}

function linePlot(chart: LineChart, width: number) {
  const points = chart.points.map((p) => ({ ...p, at: new Date(p.time) }));
  return Plot.plot({
    width,
    height: 260,
    marginLeft: 56,
    marginRight: 24,
    style: STYLE,
    x: { type: "utc", label: chart.dateColumn, labelAnchor: "right" },
    y: { grid: true, label: chart.measureColumn },
    marks: [
      Plot.lineY(points, { x: "at", y: "value", stroke: COLOR, strokeWidth: 2 }),
      Plot.dot(points, { x: "at", y: "value", fill: COLOR, r: 2.5, title: (p) => `${p.date}: ${p.value}` }),
    ],
  });
}

function scatterPlot(chart: ScatterChart, width: number) {
  return Plot.plot({
    width,
    height: 280,
    marginLeft: 56,
    marginRight: 24,
    style: STYLE,
    x: { grid: true, label: chart.xColumn, labelAnchor: "right" },
    y: { grid: true, label: chart.yColumn },
    marks: [
      Plot.dot(chart.points, {
        x: "x",
        y: "y",
        fill: COLOR,
        fillOpacity: 0.75,
        r: 3.5,
        title: (p) => `${p.label ? `${p.label}: ` : ""}${chart.xColumn} ${p.x}, ${chart.yColumn} ${p.y}`,
      }),
    ],
  });
}
