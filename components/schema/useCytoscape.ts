"use client";

import type { Core, EventObject } from "cytoscape";
import { useEffect, useRef, useState, type RefObject } from "react";
import type { GraphModel } from "./elements";
import { schemaStyle } from "./style";
import { applyModelInPlace } from "./syncElements";
import { defaultView, watchTouched } from "./viewport";
import { OVERVIEW_ZOOM } from "./zoomScale";

export interface Hover {
  kind: "node" | "edge" | "table";
  id: string;
  table: string;
  x: number;
  y: number;
}

export interface CytoscapeHandlers {
  onSelect: (table: string, column: string | null) => void;
  onHover: (hover: Hover | null) => void;
}

/**
 * Mounts cytoscape in `container` for `model`. Cytoscape is imported inside the effect so that
 * nothing of it runs during server rendering. Handlers are read through a ref: changing them does
 * not rebuild the graph; neither does a new model with the same columns (edges change in place).
 */
export function useCytoscape(
  container: RefObject<HTMLDivElement | null>,
  model: GraphModel | null,
  handlers: CytoscapeHandlers,
) {
  const [cy, setCy] = useState<Core | null>(null);
  const [error, setError] = useState<string | null>(null);
  const handlersRef = useRef(handlers);
  useEffect(() => {
    handlersRef.current = handlers;
  });

  // The graph is drawn once per set of columns; an edit to the edges is applied in place
  // (applyModelInPlace), so node positions and the viewport stay where the user left them.
  const drawn = useRef<{ cy: Core; model: GraphModel } | null>(null);
  const [generation, setGeneration] = useState(0);
  const hasModel = model !== null;
  const modelRef = useRef(model);
  modelRef.current = model;

  useEffect(() => {
    const el = container.current;
    const initial = modelRef.current;
    if (!el || !initial) return;
    let disposed = false;
    let instance: Core | null = null;
    let observer: ResizeObserver | null = null;
    import("cytoscape")
      .then(({ default: cytoscape }) => {
        if (disposed) return;
        const first = modelRef.current ?? initial;
        instance = cytoscape({
          container: el,
          elements: first.elements,
          style: schemaStyle,
          layout: { name: "preset", fit: false },
          minZoom: 0.08,
          maxZoom: 3,
          boxSelectionEnabled: false,
          // Text stays sharp while panning and zooming (no blurry cached bitmaps).
          textureOnViewport: false,
          autoungrabify: false,
          selectionType: "single",
        });
        instance.nodes(".table, .header").ungrabify();
        instance.nodes(".column").ungrabify();
        defaultView(instance);
        markOverview(instance);
        wire(instance, handlersRef);
        observer = keepFitted(instance, el);
        drawn.current = { cy: instance, model: first };
        setCy(instance);
      })
      .catch((err: unknown) => setError(err instanceof Error ? err.message : String(err)));
    return () => {
      disposed = true;
      observer?.disconnect();
      instance?.destroy();
      drawn.current = null;
      setCy(null);
    };
  }, [container, hasModel, generation]);

  useEffect(() => {
    const current = drawn.current;
    if (!current || !model || current.model === model) return;
    if (applyModelInPlace(current.cy, model)) current.model = model;
    else setGeneration((g) => g + 1); // other columns: draw anew
  }, [model, cy]);

  return { cy, error };
}

function wire(cy: Core, handlers: RefObject<CytoscapeHandlers>) {
  const hover = (kind: Hover["kind"]) => (e: EventObject) => {
    const pos = e.renderedPosition ?? e.target.renderedPosition?.();
    e.target.addClass("hover");
    handlers.current.onHover({
      kind,
      id: e.target.id(),
      table: e.target.data("table") ?? "",
      x: pos?.x ?? 0,
      y: pos?.y ?? 0,
    });
  };
  const leave = (e: EventObject) => {
    e.target.removeClass("hover");
    handlers.current.onHover(null);
  };
  cy.on("mouseover", "edge", hover("edge"));
  cy.on("mouseover", "node.column", hover("node"));
  cy.on("mouseover", "node.header", hover("table"));
  cy.on("mouseout", "edge, node.column, node.header", leave);
  let frame = 0;
  cy.on("viewport", () => {
    handlers.current.onHover(null);
    // Label sizes depend on the zoom (see OVERVIEW_ZOOM): restyle once per frame while zooming.
    cancelAnimationFrame(frame);
    // Setting data is the public way to have cytoscape recompute mapped styles.
    frame = requestAnimationFrame(() => {
      cy.nodes(".table, .header").data("zoom", cy.zoom());
      markOverview(cy);
    });
  });
  // Events bubble up to the table node: one handler, dispatching on what was really tapped.
  cy.on("tap", "node", (e) => {
    const d = e.target.data();
    handlers.current.onSelect(d.table, d.role === "column" ? d.column : null);
  });
}

/** Follows the container's size; redoes the default view until the user pans or zooms it. */
function keepFitted(cy: Core, el: HTMLElement): ResizeObserver {
  const touched = watchTouched(cy);
  const observer = new ResizeObserver(() => {
    cy.resize();
    if (!touched()) defaultView(cy);
  });
  observer.observe(el);
  return observer;
}

/**
 * Zoomed out past reading size, a table is drawn as a card with its title (its columns and header
 * fade out, style.ts): the title is then not hidden under column boxes too small to read anyway.
 */
function markOverview(cy: Core) {
  markLikelyAtFit(cy);
  const on = cy.zoom() < OVERVIEW_ZOOM;
  const nodes = cy.nodes(".column, .header");
  if (nodes.nonempty() && nodes.first().hasClass("overview") === on) return;
  cy.batch(() => nodes.toggleClass("overview", on));
}

/**
 * Zoomed out (Fit on a large schema), "likely" joins are hidden unless the toolbar's toggle shows them
 * (kept in `cy.scratch("likelyAtFit")`): dozens of guessed joins drawn across a whole schema are a
 * tangle, while at reading size the few near the tables read are kept.
 */
export function markLikelyAtFit(cy: Core) {
  const hide = cy.zoom() < OVERVIEW_ZOOM && !cy.scratch("likelyAtFit");
  const changed = cy.edges('[category = "likely"]').filter((e) => e.hasClass("fit-hidden") !== hide);
  if (changed.nonempty()) cy.batch(() => changed.toggleClass("fit-hidden", hide));
}
