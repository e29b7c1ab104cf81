"use client";

import type { Core } from "cytoscape";
import { useEffect } from "react";
import { LEGIBLE_ZOOM } from "./style";
import { centreReadable, fitGraph } from "./viewport";

/**
 * Marks the nodes and edges of SGAM's paths on the drawn graph and brings them into view: all of
 * the path's tables when they fit at reading size, else the first of them at reading size.
 */
export function usePathHighlight(
  cy: Core | null,
  highlight: { nodes: ReadonlySet<string>; edges: ReadonlySet<string> } | undefined,
) {
  useEffect(() => {
    if (!cy) return;
    cy.batch(() => {
      cy.elements(".on-path").removeClass("on-path");
      if (!highlight || (!highlight.nodes.size && !highlight.edges.size)) return;
      cy.nodes(".column").forEach((n) => void n.toggleClass("on-path", highlight.nodes.has(n.id())));
      cy.edges().forEach((e) => void e.toggleClass("on-path", highlight.edges.has(e.id())));
    });
    const tables = cy.nodes(".column.on-path").parents();
    if (tables.empty()) return;
    fitGraph(cy, false, tables);
    if (cy.zoom() < LEGIBLE_ZOOM) centreReadable(cy, tables.first(), false);
  }, [cy, highlight]);
}
