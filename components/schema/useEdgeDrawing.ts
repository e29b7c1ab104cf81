"use client";

import type { Core, EventObject } from "cytoscape";
import { useEffect } from "react";

const GHOST_NODE = "draw-ghost:end";
const GHOST_EDGE = "draw-ghost:line";

/**
 * Drawing an edge by dragging: press on a column, release on another. While drawing is on,
 * panning is off so the drag draws instead of moving the view; the source column is marked and a
 * dashed line follows the pointer from it until the release.
 */
export function useEdgeDrawing(
  cy: Core | null,
  enabled: boolean,
  onDraw: ((source: string, target: string) => void) | undefined,
) {
  useEffect(() => {
    if (!cy || !enabled || !onDraw) return;
    let source: string | null = null;
    const removeGhost = () => cy.remove(cy.elements(".draw-ghost"));
    const start = (e: EventObject) => {
      source = e.target.id();
      e.target.addClass("draw-source");
      removeGhost();
      cy.add([
        { group: "nodes", data: { id: GHOST_NODE }, position: { ...e.position }, classes: "draw-ghost" },
        { group: "edges", data: { id: GHOST_EDGE, source, target: GHOST_NODE }, classes: "draw-ghost" },
      ]);
    };
    const follow = (e: EventObject) => {
      if (source) cy.getElementById(GHOST_NODE).position({ ...e.position });
    };
    const end = (e: EventObject) => {
      const target = e.target.id();
      if (source && target !== source) onDraw(source, target);
    };
    const reset = () => {
      source = null;
      removeGhost();
      cy.nodes(".draw-source").removeClass("draw-source");
    };
    const panning = cy.userPanningEnabled();
    cy.userPanningEnabled(false);
    cy.on("tapstart", "node.column", start);
    cy.on("tapdrag", follow);
    cy.on("tapend", "node.column", end);
    // Runs after the node handler: a release anywhere ends the gesture.
    cy.on("tapend", reset);
    return () => {
      cy.removeListener("tapstart", "node.column", start);
      cy.removeListener("tapdrag", follow);
      cy.removeListener("tapend", "node.column", end);
      cy.removeListener("tapend", reset);
      cy.userPanningEnabled(panning);
      reset();
    };
  }, [cy, enabled, onDraw]);
}
