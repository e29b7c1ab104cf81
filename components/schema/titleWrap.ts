/** Table titles broken into lines between words only: a word too wide for a line is shortened with "…". */
import { GRAPH_FONT } from "./zoomScale";

/** About how wide a bold character is per px of font size, where no canvas can measure it (tests, server). */
const CHAR_EM = 0.63;

let measureContext: CanvasRenderingContext2D | null | undefined;

/** How wide `text` is drawn in bold at `px` in the graph's font, measured by a canvas in the browser. */
export function titleTextWidth(text: string, px: number): number {
  if (measureContext === undefined)
    measureContext = typeof document === "undefined" ? null : document.createElement("canvas").getContext("2d");
  if (!measureContext) return text.length * px * CHAR_EM;
  measureContext.font = `bold ${px}px ${GRAPH_FONT}`;
  return measureContext.measureText(text).width;
}

/**
 * A name's pieces with what joins them: words split after spaces, before underscores and hyphens, and
 * at camelCase humps ("ProductSubcategory" → "Product", "Subcategory"), so a title breaks where a reader would.
 */
export function namePieces(name: string): string[] {
  return name
    .replace(/([a-z0-9])(?=[A-Z])/g, "$1\u0000")
    .replace(/ /g, " \u0000")
    .replace(/(?=[_-])/g, "\u0000")
    .split("\u0000")
    .filter((p) => p.length > 0);
}

/** The longest start of `text` (at least one character) that, followed by "…", fits in `width`. */
function shortened(text: string, fits: (t: string) => boolean): string {
  let n = 1;
  while (n < text.length && fits(`${text.slice(0, n + 1).trimEnd()}…`)) n++;
  return `${text.slice(0, n).trimEnd()}…`;
}

/**
 * Breaks `title` into at most `maxLines` lines that each fit `fits`, only between pieces (never inside
 * a word): a word wider than a line is shortened with "…", and so is the last line when the name does
 * not fit in the lines allowed. The whole name is for the tooltip.
 */
export function wrapTitle(title: string, maxLines: number, fits: (text: string) => boolean): string[] {
  const lines: string[] = [];
  let line = "";
  const pieces = namePieces(title);
  for (let i = 0; i < pieces.length; i++) {
    const piece = pieces[i];
    if (fits((line + piece).trimEnd())) {
      line += piece;
      continue;
    }
    if (line.trim()) {
      if (lines.length === maxLines - 1) {
        lines.push(shortened(line + pieces.slice(i).join(""), fits));
        return lines;
      }
      lines.push(line.trimEnd());
    }
    line = piece;
    if (!fits(piece.trimEnd())) {
      // A word wider than a line: shortened on a line of its own.
      const more = i < pieces.length - 1 && lines.length < maxLines - 1;
      lines.push(shortened(more ? piece : pieces.slice(i).join(""), fits));
      if (!more) return lines;
      line = "";
    }
  }
  if (line.trim()) lines.push(line.trimEnd());
  return lines;
}

/** Most lines a box's header title takes at reading size. */
const HEADER_MAX_LINES = 3;

/** A box's header title at reading size (14 px bold across the box), in lines broken between words. */
export function headerTitle(label: string, fontPx: number, width: number): string[] {
  return wrapTitle(label, HEADER_MAX_LINES, (text) => titleTextWidth(text, fontPx) <= width);
}
