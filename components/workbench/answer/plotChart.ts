import * as Plot from "@observablehq/plot";
import type { BarChart, LineChart, ResultChart, ScatterChart, ScatterPoint } from "../model/chart";

const BAR_HEIGHT = 22;
const COLOR = "#6366f1";
/** Longest label drawn in full; a longer one is cut on the axis and shown whole on hover. */
const MAX_LABEL_CHARS = 24;
const STYLE = { fontSize: "11px", overflow: "visible", background: "white" } as const;
/** Room above the frame for the y axis's title ("↑ count"), clear of the top tick's label (PNG export too). */
const AXIS_TITLE_ROOM = 28;
/** Room under the frame for the x ticks' labels and, on a line of its own below them, the x axis's title. */
const X_AXIS_ROOM = 44;

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
    height: chart.bars.length * BAR_HEIGHT + X_AXIS_ROOM + 10,
    marginBottom: X_AXIS_ROOM,
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
  // A part of a date (months of any year) stands in its own order; dates on a time axis.
  const points = chart.points.map((p) => ({ ...p, at: chart.part ? p.date : new Date(p.time) }));
  return Plot.plot({
    width,
    height: 260,
    marginLeft: 56,
    marginRight: 24,
    marginTop: AXIS_TITLE_ROOM,
    marginBottom: X_AXIS_ROOM,
    style: STYLE,
    x: chart.part
      ? { type: "point", domain: points.map((p) => p.at), label: chart.dateColumn, labelAnchor: "right", inset: 12 }
      : { type: "utc", label: chart.dateColumn, labelAnchor: "right" },
    y: { grid: true, label: chart.measureColumn, nice: true, inset: 8 },
    marks: [
      Plot.lineY(points, { x: "at", y: "value", stroke: COLOR, strokeWidth: 2 }),
      Plot.dot(points, { x: "at", y: "value", fill: COLOR, r: 2.5, title: (p) => `${p.date}: ${p.value}` }),
    ],
  });
}

/** Most dots named on the chart itself; past it, names would cover each other (hover still names each). */
const MAX_SCATTER_LABELS = 40;

function scatterPlot(chart: ScatterChart, width: number) {
  const labelled = chart.points.length <= MAX_SCATTER_LABELS && chart.points.some((p) => p.label);
  // A dot in the right half is named to its left, so no name runs out of the chart.
  const xs = chart.points.map((p) => p.x);
  const middle = (Math.min(...xs) + Math.max(...xs)) / 2;
  const left = chart.points.filter((p) => p.x > middle);
  const right = chart.points.filter((p) => p.x <= middle);
  const name = (p: ScatterPoint) => shortLabel(p.label ?? "");
  return Plot.plot({
    width,
    height: 280,
    marginLeft: 56,
    marginRight: 24,
    marginTop: AXIS_TITLE_ROOM,
    marginBottom: X_AXIS_ROOM,
    style: STYLE,
    // Inset: the outermost dots (and their names) are drawn inside the frame, never cut at its edge.
    x: { grid: true, label: chart.xColumn, labelAnchor: "right", nice: true, inset: 10 },
    y: { grid: true, label: chart.yColumn, nice: true, inset: 10 },
    marks: [
      Plot.dot(chart.points, {
        x: "x",
        y: "y",
        fill: COLOR,
        fillOpacity: 0.75,
        r: 3.5,
        title: (p) => `${p.label ? `${p.label}: ` : ""}${chart.xColumn} ${p.x}, ${chart.yColumn} ${p.y}`,
      }),
      ...(labelled
        ? [
            Plot.text(right, { x: "x", y: "y", text: name, dx: 6, textAnchor: "start", fill: "#3f3f46" }),
            Plot.text(left, { x: "x", y: "y", text: name, dx: -6, textAnchor: "end", fill: "#3f3f46" }),
          ]
        : []),
    ],
  });
}

/**
 * Once the chart is in the page (its text measured): removes a scatter's dot names that would
 * overlap a name drawn before them (the result's earlier rows keep theirs), so every name shown
 * can be read; a dot without its name still names itself on hover. Returns how many names are left.
 */
export function declutterPointNames(svg: SVGSVGElement, chart: ScatterChart): number {
  const placed: DOMRect[] = [];
  const overlaps = (a: DOMRect, b: DOMRect) =>
    a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
  // The names are drawn in two marks (left and right of their dots): taken back in the result's row order.
  const rank = new Map<string, number>();
  chart.points.forEach((p, i) => {
    const name = shortLabel(p.label ?? "");
    if (!rank.has(name)) rank.set(name, i);
  });
  const texts = [...svg.querySelectorAll<SVGTextElement>('g[aria-label="text"] text')];
  const order = (t: SVGTextElement) => rank.get(t.textContent ?? "") ?? Number.MAX_SAFE_INTEGER;
  for (const text of texts.sort((a, b) => order(a) - order(b))) {
    const box = text.getBoundingClientRect();
    if (placed.some((p) => overlaps(p, box))) text.remove();
    else placed.push(box);
  }
  return placed.length;
}
