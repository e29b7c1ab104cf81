/** A table's title as drawn zoomed out: broken into the lines its box has room for on screen. */
import type { NodeSingular } from "cytoscape";
import { COL_W } from "./layout";
import { titleTextWidth, wrapTitle } from "./titleWrap";
import {
  HEADER_FONT,
  OVERVIEW_FONT_PX,
  OVERVIEW_GAP,
  OVERVIEW_GAP_Y,
  OVERVIEW_LINE_HEIGHT,
  OVERVIEW_ZOOM,
} from "./zoomScale";

/** More lines than this would be a column of word pieces, not a title. */
const MAX_TITLE_LINES = 4;

/**
 * A table's zoomed-out title for a box `boxHeight` model units tall: lines no wider than the box and
 * the gap beside it on screen, broken only between words (camelCase humps count), as many lines as the
 * box and the gaps above and below it hold; a word wider than a line, or a name longer than the lines,
 * is shortened with "…" (hover gives it whole).
 */
export function overviewTitle(table: string, zoom: number, boxHeight = 0): string {
  if (zoom >= OVERVIEW_ZOOM) return table;
  const width = (COL_W + OVERVIEW_GAP) * zoom;
  // A box not measured yet (its height still unknown) gets one line.
  const tall = ((Number.isFinite(boxHeight) ? boxHeight : 0) + OVERVIEW_GAP_Y) * zoom;
  const lineCount = Math.min(
    MAX_TITLE_LINES,
    Math.max(1, Math.floor(tall / (OVERVIEW_FONT_PX * OVERVIEW_LINE_HEIGHT))),
  );
  const fits = (text: string) => titleTextWidth(text, OVERVIEW_FONT_PX) <= width;
  // A view keeps the word "view" on a line of its own, whatever of its name had to be shortened.
  const view = / · view$/.exec(table);
  if (view && lineCount >= 2)
    return [...wrapTitle(table.slice(0, view.index), lineCount - 1, fits), "(view)"].join("\n");
  return wrapTitle(table, lineCount, fits).join("\n");
}

/** Whether the graph is zoomed out past reading size (tables are then drawn as title cards). */
export const isOverview = (n: NodeSingular) => n.cy().zoom() < OVERVIEW_ZOOM;

/**
 * A table box's own label: shown only zoomed out (columns too small to read), drawn over the box at
 * 12 px on screen whatever the zoom, in the lines overviewTitle breaks it into (no other wrapping), so
 * it never runs into a neighbour's title; hover, search and the keyboard give a shortened name whole.
 */
export const overviewTitleStyle = {
  label: (n: NodeSingular) => overviewTitle(String(n.data("title") ?? n.data("table")), n.cy().zoom(), n.height()),
  "font-size": (n: NodeSingular) => Math.max(HEADER_FONT, OVERVIEW_FONT_PX / n.cy().zoom()),
  "text-opacity": (n: NodeSingular) => (isOverview(n) ? 1 : 0),
  "text-background-opacity": (n: NodeSingular) => (isOverview(n) ? 0.85 : 0),
  "text-wrap": "wrap",
  "text-max-width": "100000px",
  "line-height": OVERVIEW_LINE_HEIGHT,
} as const;
