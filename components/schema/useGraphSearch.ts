"use client";

import type { Core } from "cytoscape";
import { useEffect, useMemo } from "react";
import { headerNodeId } from "./elements";
import type { GraphModel } from "./elements";
import { centreReadable } from "./viewport";

/** One search hit: a table (column null) or a column, by its node id. */
export interface SearchHit {
  id: string;
  table: string;
  column: string | null;
  label: string;
}

/**
 * Tables and columns whose name holds `query` (case-insensitive; "table.column" matches too), exact
 * names first, then names that start with it, tables before columns.
 */
function searchGraph(model: GraphModel, query: string): SearchHit[] {
  const q = query.trim().toLowerCase();
  if (!q) return [];
  const score = (name: string) => (name === q ? 0 : name.startsWith(q) ? 1 : name.includes(q) ? 2 : -1);
  const hits: Array<SearchHit & { s: number }> = [];
  for (const t of model.tables.keys()) {
    const s = score(t.toLowerCase());
    if (s >= 0) hits.push({ id: headerNodeId(t), table: t, column: null, label: t, s });
  }
  for (const n of model.nodes.values()) {
    const s = Math.min(
      ...[n.name, n.column, n.id, `${n.table}.${n.name}`]
        .map((x) => score(x.toLowerCase()))
        .map((x) => (x < 0 ? 9 : x)),
    );
    if (s < 9) hits.push({ id: n.id, table: n.table, column: n.column, label: `${n.table}.${n.name}`, s: s + 0.5 });
  }
  return hits.sort((a, b) => a.s - b.s).map(({ s: _s, ...h }) => h);
}

/** Marks the hits of a search on the drawn graph and centres the current one at a readable zoom. */
export function useGraphSearch(cy: Core | null, model: GraphModel, query: string, current: number) {
  const hits = useMemo(() => searchGraph(model, query), [model, query]);
  useEffect(() => {
    if (!cy) return;
    cy.batch(() => {
      cy.nodes(".search-hit").removeClass("search-hit");
      for (const h of hits) {
        const node = cy.getElementById(h.id);
        node.addClass("search-hit");
        if (h.column === null) node.parent().addClass("search-hit");
      }
    });
    const hit = hits[current % Math.max(1, hits.length)];
    if (hit) centreReadable(cy, cy.getElementById(hit.id));
  }, [cy, hits, current]);
  return hits;
}
