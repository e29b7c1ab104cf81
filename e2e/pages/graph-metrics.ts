import type { Locator } from "@playwright/test";
import type { Core } from "cytoscape";

type CyHost = HTMLElement & { _cyreg?: { cy?: Core } };

export type TableBox = {
  table: string;
  x1: number;
  y1: number;
  x2: number;
  y2: number;
  view: boolean;
  dashed: boolean;
};

/** Measurements of the drawn schema graph: titles' on-screen font sizes, table boxes, the keyboard's table. */
export class GraphMetrics {
  constructor(readonly graph: Locator) {}

  /** Each table title's font size on screen (px): its style's font size × the zoom, and whether it is shown. */
  titleFonts(): Promise<Array<{ table: string; px: number; shown: boolean }>> {
    return this.graph.evaluate((el) => {
      const cy = (el as CyHost)._cyreg!.cy!;
      const zoom = cy.zoom();
      return cy.nodes(".header").map((h) => {
        // Zoomed out, the title is the table box's own label (drawn above it) instead of the header's.
        const headerShown = Number(h.style("text-opacity")) > 0;
        const label = headerShown ? h : h.parent().first();
        return {
          table: String(h.data("table")),
          px: Number.parseFloat(String(label.style("font-size"))) * zoom,
          shown: Number(label.style("text-opacity")) > 0,
        };
      });
    });
  }

  /** The table boxes in model coordinates, with whether each is a view and drawn dashed. */
  boxes(): Promise<TableBox[]> {
    return this.graph.evaluate((el) => {
      const cy = (el as CyHost)._cyreg!.cy!;
      return cy.nodes(".table").map((t) => {
        const b = t.boundingBox({ includeLabels: false });
        return {
          table: String(t.data("table")),
          x1: b.x1,
          y1: b.y1,
          x2: b.x2,
          y2: b.y2,
          view: t.hasClass("view"),
          dashed: String(t.style("border-style")) === "dashed",
        };
      });
    });
  }

  /** The table titles drawn zoomed out (over their boxes), in model coordinates. */
  titleBoxes(): Promise<TableBox[]> {
    return this.graph.evaluate((el) => {
      const cy = (el as CyHost)._cyreg!.cy!;
      return cy
        .nodes(".table")
        .filter((t) => Number(t.style("text-opacity")) > 0)
        .map((t) => {
          const b = t.boundingBox({ includeNodes: false, includeEdges: false, includeLabels: true });
          return { table: String(t.data("table")), x1: b.x1, y1: b.y1, x2: b.x2, y2: b.y2, view: false, dashed: false };
        });
    });
  }

  /** Pairs of table boxes (or, with `titles`, of zoomed-out titles) that overlap. */
  async overlaps(titles = false): Promise<string[]> {
    const bs = titles ? await this.titleBoxes() : await this.boxes();
    const out: string[] = [];
    for (let i = 0; i < bs.length; i++)
      for (let j = i + 1; j < bs.length; j++) {
        const [a, b] = [bs[i], bs[j]];
        if (a.x1 < b.x2 - 0.5 && b.x1 < a.x2 - 0.5 && a.y1 < b.y2 - 0.5 && b.y1 < a.y2 - 0.5)
          out.push(`${a.table} × ${b.table}`);
      }
    return out;
  }

  /** Per table: its box's height and the height its shown nodes need (header and visible columns). */
  boxFill(): Promise<Array<{ table: string; box: number; content: number }>> {
    return this.graph.evaluate((el) => {
      const cy = (el as CyHost)._cyreg!.cy!;
      return cy.nodes(".table").map((t) => {
        const shown = t.children().filter((n) => n.visible());
        const content = shown.reduce((s, n) => s + n.height(), 0);
        return { table: String(t.data("table")), box: t.boundingBox({ includeLabels: false }).h, content };
      });
    });
  }

  zoom(): Promise<number> {
    return this.graph.evaluate((el) => (el as CyHost)._cyreg!.cy!.zoom());
  }

  /** Classes of a node by id. */
  hasClass(id: string, cls: string): Promise<boolean> {
    return this.graph.evaluate((el, a) => (el as CyHost)._cyreg!.cy!.getElementById(a.id).hasClass(a.cls), { id, cls });
  }

  /** Whether a node is inside the visible viewport. */
  onScreen(id: string): Promise<boolean> {
    return this.graph.evaluate((el, nodeId) => {
      const cy = (el as CyHost)._cyreg!.cy!;
      const p = cy.getElementById(nodeId).renderedPosition();
      return p.x >= 0 && p.y >= 0 && p.x <= cy.width() && p.y <= cy.height();
    }, id);
  }

  /** Each table's title as drawn now (the header's at reading size, the card's zoomed out), by line. */
  titleLines(): Promise<Array<{ table: string; title: string; lines: string[] }>> {
    return this.graph.evaluate((el) => {
      const cy = (el as CyHost)._cyreg!.cy!;
      return cy.nodes(".header").map((h) => {
        const headerShown = Number(h.style("text-opacity")) > 0;
        const label = headerShown ? h : h.parent().first();
        const title = String(h.parent().first().data("title") ?? h.data("table"));
        return { table: String(h.data("table")), title, lines: String(label.style("label")).split("\n") };
      });
    });
  }

  /** Likely-join edges: how many the schema has and how many are drawn now. */
  likelyEdges(): Promise<{ total: number; drawn: number }> {
    return this.graph.evaluate((el) => {
      const edges = (el as CyHost)._cyreg!.cy!.edges('[category = "likely"]');
      return { total: edges.length, drawn: edges.filter((e) => e.visible()).length };
    });
  }
}

const letter = (c: string | undefined) => c !== undefined && /[\p{L}\p{N}]/u.test(c);
const lowerOrDigit = (c: string | undefined) => c !== undefined && /[\p{Ll}\p{N}]/u.test(c);
const upper = (c: string | undefined) => c !== undefined && /\p{Lu}/u.test(c);

/**
 * The lines of a drawn title that cut a word of `title` in two: each line must be a stretch of the title
 * that starts and ends at a word boundary (a space, "_", "-", a camelCase hump, the title's ends), or
 * end in "…" where the rest was left out.
 */
export function linesBrokenInWords(title: string, lines: string[]): string[] {
  let from = 0;
  const bad: string[] = [];
  for (const raw of lines) {
    const shortened = raw.endsWith("…");
    const line = raw.replace(/…$/, "").trim();
    const at = title.indexOf(line, from);
    if (at < 0) {
      bad.push(raw);
      continue;
    }
    const before = title[at - 1];
    const first = title[at];
    const last = title[at + line.length - 1];
    const after = title[at + line.length];
    const startsAtBoundary = !letter(before) || !letter(first) || (lowerOrDigit(before) && upper(first));
    const endsAtBoundary = shortened || !letter(after) || !letter(last) || (lowerOrDigit(last) && upper(after));
    if (!startsAtBoundary || !endsAtBoundary) bad.push(raw);
    from = at + line.length;
  }
  return bad;
}
