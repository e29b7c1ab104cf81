/** A table's title as drawn zoomed out: broken into the lines its box has room for on screen. */
import type { NodeSingular } from "cytoscape";
import { COL_W } from "./layout";
import {
  GRAPH_FONT,
  HEADER_FONT,
  OVERVIEW_FONT_PX,
  OVERVIEW_GAP,
  OVERVIEW_GAP_Y,
  OVERVIEW_LINE_HEIGHT,
  OVERVIEW_ZOOM,
} from "./zoomScale";

/** About how wide a 12 px bold character is on screen, where no canvas can measure it (tests, server). */
const TITLE_CHAR_PX = 7.6;
/** More lines than this would be a column of word pieces, not a title. */
const MAX_TITLE_LINES = 4;

let measureContext: CanvasRenderingContext2D | null | undefined;

/** How wide `text` is drawn at 12 px bold in the graph's font, measured by a canvas in the browser. */
function textWidth(text: string): number {
  if (measureContext === undefined)
    measureContext = typeof document === "undefined" ? null : document.createElement("canvas").getContext("2d");
  if (!measureContext) return text.length * TITLE_CHAR_PX;
  measureContext.font = `bold ${OVERVIEW_FONT_PX}px ${GRAPH_FONT}`;
  return measureContext.measureText(text).width;
}

/**
 * A name's pieces with what joins them: words split after spaces, before underscores and hyphens, and
 * at camelCase humps ("ProductSubcategory" → "Product", "Subcategory"), so a title breaks where a reader would.
 */
function namePieces(name: string): string[] {
  return name
    .replace(/([a-z0-9])(?=[A-Z])/g, "$1\u0000")
    .replace(/ /g, " \u0000")
    .replace(/(?=[_-])/g, "\u0000")
    .split("\u0000")
    .filter((p) => p.length > 0);
}

/** The longest start of `text` (at least one character) that, followed by `after`, fits in `width`. */
function longestFit(text: string, width: number, after = ""): string {
  let n = 1;
  while (n < text.length && textWidth(text.slice(0, n + 1).trimEnd() + after) <= width) n++;
  return text.slice(0, n);
}

/** The title's lines with its last one ending in "…": more of the name did not fit. */
function withEllipsis(lines: string[], width: number): string {
  const last = lines[lines.length - 1];
  return [...lines.slice(0, -1), `${longestFit(last, width, "…").trimEnd()}…`].join("\n");
}

/**
 * A table's zoomed-out title for a box `boxHeight` model units tall: lines no wider than the box and
 * the gap beside it on screen, broken between words (camelCase humps count) and inside a word (with a
 * hyphen) only when it is wider than a line, as many lines as the box and the gaps above and below it hold; "…"
 * ends it only when the name does not fit in them.
 */
export function overviewTitle(table: string, zoom: number, boxHeight = 0): string {
  if (zoom >= OVERVIEW_ZOOM) return table;
  const width = (COL_W + OVERVIEW_GAP) * zoom;
  const fits = (text: string) => textWidth(text.trimEnd()) <= width;
  // A box not measured yet (its height still unknown) gets one line.
  const tall = ((Number.isFinite(boxHeight) ? boxHeight : 0) + OVERVIEW_GAP_Y) * zoom;
  const lineCount = Math.min(
    MAX_TITLE_LINES,
    Math.max(1, Math.floor(tall / (OVERVIEW_FONT_PX * OVERVIEW_LINE_HEIGHT))),
  );
  const lines: string[] = [];
  let line = "";
  for (let piece of namePieces(table)) {
    if (lines.length === lineCount) return withEllipsis(lines, width);
    if (fits(line + piece)) {
      line += piece;
      continue;
    }
    if (line.trim()) lines.push(line.trimEnd());
    line = "";
    if (lines.length === lineCount) return withEllipsis(lines, width);
    // A word wider than a line is broken inside it with a hyphen, a line at a time, leaving at least
    // two letters on the next line ("Coun-try", not "Countr-y").
    const broken = !fits(piece) && lines.length < lineCount - 1;
    while (!fits(piece) && lines.length < lineCount - 1) {
      const head = longestFit(piece, width, "-").slice(0, Math.max(1, piece.trimEnd().length - 2));
      lines.push(`${head}-`);
      piece = piece.slice(head.length);
    }
    if (!fits(piece)) return [...lines, `${longestFit(piece, width, "…").trimEnd()}…`].join("\n");
    line = piece;
    // The end of a broken word keeps its line to itself ("Produ-", "ct", "Price", not "ctPrice").
    if (broken) {
      lines.push(line.trimEnd());
      line = "";
    }
  }
  if (line.trim()) lines.push(line.trimEnd());
  return lines.join("\n");
}

/** Whether the graph is zoomed out past reading size (tables are then drawn as title cards). */
export const isOverview = (n: NodeSingular) => n.cy().zoom() < OVERVIEW_ZOOM;

/**
 * A table box's own label: shown only zoomed out (columns too small to read), drawn over the box at
 * 12 px on screen whatever the zoom, in the lines overviewTitle breaks it into (no other wrapping), so
 * it never runs into a neighbour's title; hover, search and the keyboard give a shortened name whole.
 */
export const overviewTitleStyle = {
  label: (n: NodeSingular) => overviewTitle(String(n.data("table")), n.cy().zoom(), n.height()),
  "font-size": (n: NodeSingular) => Math.max(HEADER_FONT, OVERVIEW_FONT_PX / n.cy().zoom()),
  "text-opacity": (n: NodeSingular) => (isOverview(n) ? 1 : 0),
  "text-background-opacity": (n: NodeSingular) => (isOverview(n) ? 0.85 : 0),
  "text-wrap": "wrap",
  "text-max-width": "100000px",
  "line-height": OVERVIEW_LINE_HEIGHT,
} as const;
