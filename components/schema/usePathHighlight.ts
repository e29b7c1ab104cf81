"use client";

import type { Core } from "cytoscape";
import { useEffect } from "react";

/** Marks the nodes and edges of SGAM's paths on the drawn graph (and fades the rest of the edges). */
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
  }, [cy, highlight]);
}
