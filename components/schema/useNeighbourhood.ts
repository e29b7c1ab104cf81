"use client";

import type { Core } from "cytoscape";
import { useEffect } from "react";

/**
 * Focus on one table's neighbourhood: the table and the tables one link away stay, the rest
 * fade, and the view fits them. For large schemas (50 tables, 500 columns).
 */
export function useNeighbourhood(cy: Core | null, table: string | null) {
  useEffect(() => {
    if (!cy) return;
    cy.batch(() => {
      cy.elements(".faded").removeClass("faded");
      if (!table) return;
      const links = cy
        .edges()
        .filter(
          (e) => e.data("kind") !== "key" && (e.source().data("table") === table || e.target().data("table") === table),
        );
      const near = new Set([table, ...links.connectedNodes().map((n) => n.data("table") as string)]);
      cy.nodes().forEach((n) => void n.toggleClass("faded", !near.has(n.data("table"))));
      cy.edges().forEach(
        (e) =>
          void e.toggleClass(
            "faded",
            !links.contains(e) && !(e.data("kind") === "key" && near.has(e.source().data("table"))),
          ),
      );
    });
    if (table) {
      const keep = cy.nodes().not(".faded");
      if (keep.nonempty()) cy.animate({ fit: { eles: keep, padding: 24 } }, { duration: 200 });
    }
  }, [cy, table]);
}
