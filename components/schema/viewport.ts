import type { CollectionArgument, Core, NodeCollection } from "cytoscape";
import { LEGIBLE_ZOOM } from "./style";

const MAX_FIT_ZOOM = 1.15;
const PADDING = 24;

/** Fits the whole graph (or `eles`), but never zooms a small one past reading size. */
export function fitGraph(cy: Core, animate = false, eles: CollectionArgument = cy.elements()) {
  if (eles.empty()) return;
  const before = { zoom: cy.zoom(), pan: cy.pan() };
  cy.fit(eles, PADDING);
  if (cy.zoom() > MAX_FIT_ZOOM) {
    cy.zoom(MAX_FIT_ZOOM);
    cy.center(eles);
  }
  if (!animate) return;
  const target = { zoom: cy.zoom(), pan: { ...cy.pan() } };
  cy.viewport(before);
  cy.animate(target, { duration: 200 });
}

/**
 * The view a graph opens with: all of it when it fits at a zoom where names are still 11 px or
 * more; otherwise reading size (zoom 1) from its top-left corner, where the layout puts the
 * referenced tables, and "Fit to screen" shows the rest.
 */
export function defaultView(cy: Core) {
  const eles = cy.elements(":visible");
  if (eles.empty()) return;
  fitGraph(cy, false, eles);
  if (cy.zoom() >= LEGIBLE_ZOOM) return;
  const bb = eles.boundingBox();
  cy.zoom(1);
  cy.pan({ x: PADDING - bb.x1, y: PADDING - bb.y1 });
}

/** Centres a node (a search hit, the keyboard's table) at a zoom where its names can be read. */
export function centreReadable(cy: Core, node: NodeCollection, animate = true) {
  if (node.empty()) return;
  const zoom = Math.max(cy.zoom(), 1);
  if (animate) cy.animate({ center: { eles: node }, zoom }, { duration: 200 });
  else {
    cy.zoom(zoom);
    cy.center(node);
  }
}

/** Whether the user has panned or zoomed since the graph was drawn (then a resize keeps their view). */
export function watchTouched(cy: Core): () => boolean {
  let touched = false;
  cy.on("scrollzoom dragpan pinchzoom", () => (touched = true));
  return () => touched;
}
