"use client";

import type { Core } from "cytoscape";
import { useEffect, useRef } from "react";
import { endpoints, headerNodeId, type GraphModel } from "./elements";
import { layoutTables } from "./layout";
import { defaultView } from "./viewport";

/**
 * Collapsed tables show only their keys and the columns that link to other tables (or that a
 * curated edge or a path touches): what a join path needs, without the rest of a wide table. The
 * shown columns are stacked again and the tables laid out anew with their smaller boxes, so a
 * collapsed table is as tall as what it shows; expanding restores the full layout. Only a toggle (or
 * new paths while collapsed) lays the graph out again: an edit to the edges leaves nodes in place.
 */
export function useCollapse(cy: Core | null, collapsed: boolean, model: GraphModel, pathKey = "") {
  const modelRef = useRef(model);
  modelRef.current = model;
  const laidOut = useRef<{ cy: Core; collapsed: boolean } | null>(null);
  useEffect(() => {
    if (!cy) return;
    const previous = laidOut.current;
    laidOut.current = { cy, collapsed };
    // A freshly drawn graph already has the full layout.
    if (!collapsed && (previous?.cy !== cy || !previous.collapsed)) return;
    const model = modelRef.current;
    const shown = (id: string) => {
      if (!collapsed) return true;
      const n = cy.getElementById(id);
      if (n.empty()) return false;
      if (n.hasClass("pk") || n.hasClass("on-path")) return true;
      return n.connectedEdges().some((e) => e.data("kind") !== "key" && e.data("kind") !== undefined);
    };
    const tables = model.layoutTables.map((t) => ({ ...t, columns: t.columns.filter(shown) }));
    const { columns, headers } = layoutTables(tables, model.links);
    cy.batch(() => {
      for (const t of model.layoutTables) {
        const h = headers.get(t.name);
        if (h) cy.getElementById(headerNodeId(t.name)).position(h);
        for (const id of t.columns) {
          const node = cy.getElementById(id);
          const p = columns.get(id);
          node.toggleClass("collapsed", !p);
          if (p) node.position(p);
        }
      }
      cy.edges().forEach((e) => {
        if (e.hasClass("draw-ghost")) return;
        const ends = endpoints(e.source().position(), e.target().position());
        e.data({ se: ends.se, te: ends.te, bend: ends.bend });
        e.toggleClass("side", ends.side);
      });
    });
    defaultView(cy);
    // Zoomed-out titles are broken into as many lines as their boxes hold: the boxes' heights changed.
    cy.style().update();
  }, [cy, collapsed, pathKey]);
}
