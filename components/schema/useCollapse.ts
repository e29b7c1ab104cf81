"use client";

import type { Core } from "cytoscape";
import { useEffect } from "react";

/**
 * Collapsed tables show only their keys and the columns that link to other tables (or that a
 * curated edge touches): what a join path needs, without the rest of a wide table.
 */
export function useCollapse(cy: Core | null, collapsed: boolean) {
  useEffect(() => {
    if (!cy) return;
    cy.batch(() => {
      cy.nodes(".collapsed").removeClass("collapsed");
      if (!collapsed) return;
      cy.nodes(".column").forEach((n) => {
        const linked = n.connectedEdges().some((e) => e.data("kind") !== "key");
        if (!n.hasClass("pk") && !linked && !n.hasClass("on-path")) n.addClass("collapsed");
      });
    });
  }, [cy, collapsed]);
}
