"use client";

import type { Core } from "cytoscape";
import { useEffect } from "react";
import type { EdgeCategory } from "@/lib/core/index/join-review";
import { headerNodeId, tableNodeId } from "./elements";

/** Keeps the drawn graph in step with React state: hidden edge categories and the selected column. */
export function useGraphSync(
  cy: Core | null,
  hidden: ReadonlySet<EdgeCategory>,
  selected: { table: string; column: string | null } | null,
  /** The drawn model: edges an edit adds get the hidden kinds' class too. */
  model?: unknown,
) {
  useEffect(() => {
    if (!cy) return;
    cy.batch(() => cy.edges().forEach((e) => void e.toggleClass("hidden", hidden.has(e.data("category")))));
  }, [cy, hidden, model]);

  useEffect(() => {
    if (!cy) return;
    cy.batch(() => {
      cy.elements(":selected").unselect();
      cy.nodes(".linked, .active").removeClass("linked active");
      if (!selected) return;
      cy.getElementById(tableNodeId(selected.table)).addClass("active");
      const target =
        selected.column === null
          ? null
          : cy
              .nodes(".column")
              .filter((n) => n.data("table") === selected.table && n.data("column") === selected.column);
      if (target && target.nonempty()) {
        target.select();
        target.connectedEdges(":visible").connectedNodes().not(target).addClass("linked");
      }
    });
    // Bring a selection made elsewhere (the column panel) into view when it is off screen.
    if (!selected) return;
    const node = selected.column === null ? cy.getElementById(headerNodeId(selected.table)) : cy.$(":selected");
    if (node.nonempty()) {
      const bb = node.renderedBoundingBox();
      if (bb.x2 < 0 || bb.y2 < 0 || bb.x1 > cy.width() || bb.y1 > cy.height())
        cy.animate({ center: { eles: node } }, { duration: 200 });
    }
  }, [cy, selected]);
}
