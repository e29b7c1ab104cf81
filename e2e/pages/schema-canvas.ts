import type { Locator, Page } from "@playwright/test";
import type { Core } from "cytoscape";

type CyHost = HTMLElement & { _cyreg?: { cy?: Core } };

/** Reads the schema graph's drawing (cytoscape keeps its instance on the container element). */
export class SchemaCanvas {
  constructor(readonly page: Page) {}

  graph(): Locator {
    return this.page.getByTestId("schema-graph");
  }

  /** Marks the drawn instance; a graph drawn anew (full re-layout) loses the mark. */
  mark(): Promise<void> {
    return this.graph().evaluate((el) => void (el as CyHost)._cyreg?.cy?.scratch("_e2eMark", true));
  }

  isMarked(): Promise<boolean> {
    return this.graph().evaluate((el) => (el as CyHost)._cyreg?.cy?.scratch("_e2eMark") === true);
  }

  /** Whether the viewport is still moving (an animated fit or centring). */
  animating(): Promise<boolean> {
    return this.graph().evaluate((el) => Boolean((el as CyHost)._cyreg?.cy?.animated()));
  }

  /** Model positions of every column node, by id. */
  positions(): Promise<Record<string, { x: number; y: number }>> {
    return this.graph().evaluate((el) => {
      const cy = (el as CyHost)._cyreg!.cy!;
      return Object.fromEntries(cy.nodes(".column").map((n) => [n.id(), { ...n.position() }]));
    });
  }

  /** Drawn edges (not the drawing line): kind, label, classes, and whether they show. */
  edges(): Promise<Array<{ id: string; kind: string; label: string; fresh: boolean; visible: boolean }>> {
    return this.graph().evaluate((el) => {
      const cy = (el as CyHost)._cyreg!.cy!;
      return cy
        .edges()
        .filter((e) => !e.hasClass("draw-ghost"))
        .map((e) => ({
          id: e.id(),
          kind: String(e.data("kind")),
          label: String(e.style("label") ?? ""),
          fresh: e.hasClass("fresh"),
          visible: e.visible(),
        }));
    });
  }

  /** The line that follows the pointer while drawing: where its free end is, on the page. */
  drawingLineEnd(): Promise<{ x: number; y: number } | null> {
    return this.graph().evaluate((el) => {
      const cy = (el as CyHost)._cyreg!.cy!;
      const line = cy.edges(".draw-ghost");
      if (line.empty()) return null;
      const box = el.getBoundingClientRect();
      const end = line.targets()[0].renderedPosition();
      return { x: box.left + end.x, y: box.top + end.y };
    });
  }

  /** A point of an edge that no node covers, on the page (to hover it; edges pass behind columns). */
  edgePoint(kind: string): Promise<{ x: number; y: number }> {
    return this.graph().evaluate((el, k) => {
      const cy = (el as CyHost)._cyreg!.cy!;
      const shown = cy.edges(`.${k}`).filter((e) => e.visible());
      // Edges between two tables side by side run in the open; others loop along a column stack.
      const edge = shown.filter((e) => !e.hasClass("side"))[0] ?? shown[0];
      const [a, b] = [edge.renderedSourceEndpoint(), edge.renderedTargetEndpoint()];
      const boxes = cy.nodes(".column, .header").map((n) => n.renderedBoundingBox({}));
      const box = el.getBoundingClientRect();
      const mid = edge.renderedMidpoint();
      const free = (p: { x: number; y: number }) =>
        !boxes.some((r) => p.x >= r.x1 - 3 && p.x <= r.x2 + 3 && p.y >= r.y1 - 3 && p.y <= r.y2 + 3);
      if (free(mid)) return { x: box.left + mid.x, y: box.top + mid.y };
      for (let t = 0.5; t < 0.95; t += 0.05)
        for (const u of [t, 1 - t]) {
          const p = { x: a.x + (b.x - a.x) * u, y: a.y + (b.y - a.y) * u };
          if (free(p)) return { x: box.left + p.x, y: box.top + p.y };
        }
      throw new Error(`every point of the ${k} edge is under a node`);
    }, kind);
  }
}
