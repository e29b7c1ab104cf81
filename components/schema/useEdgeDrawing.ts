"use client";

import type { Core, EventObject } from "cytoscape";
import { useEffect } from "react";

/**
 * Drawing an edge by dragging: press on a column, release on another. While drawing is on,
 * panning is off so the drag draws instead of moving the view; the source column is marked.
 */
export function useEdgeDrawing(
  cy: Core | null,
  enabled: boolean,
  onDraw: ((source: string, target: string) => void) | undefined,
) {
  useEffect(() => {
    if (!cy || !enabled || !onDraw) return;
    let source: string | null = null;
    const start = (e: EventObject) => {
      source = e.target.id();
      e.target.addClass("draw-source");
    };
    const end = (e: EventObject) => {
      const target = e.target.id();
      if (source && target !== source) onDraw(source, target);
    };
    const reset = () => {
      source = null;
      cy.nodes(".draw-source").removeClass("draw-source");
    };
    const panning = cy.userPanningEnabled();
    cy.userPanningEnabled(false);
    cy.on("tapstart", "node.column", start);
    cy.on("tapend", "node.column", end);
    // Runs after the node handler: a release anywhere ends the gesture.
    cy.on("tapend", reset);
    return () => {
      cy.removeListener("tapstart", "node.column", start);
      cy.removeListener("tapend", "node.column", end);
      cy.removeListener("tapend", reset);
      cy.userPanningEnabled(panning);
      reset();
    };
  }, [cy, enabled, onDraw]);
}
