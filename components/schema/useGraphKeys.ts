"use client";

import type { Core } from "cytoscape";
import { useCallback, useEffect, useState, type KeyboardEvent } from "react";
import { headerNodeId, tableNodeId } from "./elements";
import { centreReadable } from "./viewport";

type Direction = "left" | "right" | "up" | "down";

/** The nearest table in a direction from `from` (by header positions), preferring tables in line. */
function nearestTable(
  headers: ReadonlyMap<string, { x: number; y: number }>,
  from: string,
  dir: Direction,
): string | null {
  const a = headers.get(from);
  if (!a) return null;
  let best: { name: string; cost: number } | null = null;
  for (const [name, b] of headers) {
    if (name === from) continue;
    const dx = b.x - a.x;
    const dy = b.y - a.y;
    const along = dir === "left" ? -dx : dir === "right" ? dx : dir === "up" ? -dy : dy;
    const across = dir === "left" || dir === "right" ? Math.abs(dy) : Math.abs(dx);
    if (along <= 1) continue;
    const cost = along + 2 * across;
    if (!best || cost < best.cost) best = { name, cost };
  }
  return best?.name ?? null;
}

/**
 * Keyboard access to the graph: Tab and Shift+Tab step through the tables in order (leaving the
 * graph after the last), the arrow keys move to the nearest table that way, Enter selects the
 * table and zooms to it, Escape clears the keyboard focus (and the search). The table the keyboard
 * is on is outlined and centred at reading size.
 */
export function useGraphKeys(
  cy: Core | null,
  tables: readonly string[],
  onEnter: (table: string) => void,
  onEscape: () => void,
) {
  const [current, setCurrent] = useState<string | null>(null);
  useEffect(() => {
    if (!cy) return;
    cy.batch(() => {
      cy.nodes(".kbd-focus").removeClass("kbd-focus");
      if (current) cy.getElementById(tableNodeId(current)).addClass("kbd-focus");
    });
    if (current) centreReadable(cy, cy.getElementById(headerNodeId(current)));
  }, [cy, current]);

  const onKeyDown = useCallback(
    (e: KeyboardEvent<HTMLElement>) => {
      if (!cy || !tables.length) return;
      const at = current ? tables.indexOf(current) : -1;
      const headers = new Map(tables.map((t) => [t, cy.getElementById(headerNodeId(t)).position()]));
      const arrows: Record<string, Direction> = {
        ArrowLeft: "left",
        ArrowRight: "right",
        ArrowUp: "up",
        ArrowDown: "down",
      };
      let next: string | null | undefined;
      if (e.key === "Tab") {
        const i = at + (e.shiftKey ? -1 : 1);
        if ((at === -1 && e.shiftKey) || i < 0 || i >= tables.length) {
          setCurrent(null);
          return; // let the browser move focus out of the graph
        }
        next = tables[at === -1 ? 0 : i];
      } else if (arrows[e.key]) {
        next = current ? (nearestTable(headers, current, arrows[e.key]) ?? current) : tables[0];
      } else if (e.key === "Enter" && current) {
        onEnter(current);
        e.preventDefault();
        return;
      } else if (e.key === "Escape") {
        setCurrent(null);
        onEscape();
        return;
      } else return;
      e.preventDefault();
      setCurrent(next);
    },
    [cy, tables, current, onEnter, onEscape],
  );
  return { current, onKeyDown, clear: () => setCurrent(null) };
}
