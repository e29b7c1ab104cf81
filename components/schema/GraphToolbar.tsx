import type { Core } from "cytoscape";
import type { ReactNode } from "react";
import { Button } from "@/components/ui/Button";
import { tableNodeId } from "./elements";
import { centreReadable, fitGraph } from "./viewport";

function zoomBy(cy: Core, factor: number) {
  const level = Math.min(cy.maxZoom(), Math.max(cy.minZoom(), cy.zoom() * factor));
  cy.zoom({ level, renderedPosition: { x: cy.width() / 2, y: cy.height() / 2 } });
}

/** Centres one table's box at reading size (a dense graph is easier to explore table by table). */
function focusTable(cy: Core, table: string) {
  centreReadable(cy, cy.getElementById(tableNodeId(table)));
}

interface GraphToolbarProps {
  cy: Core | null;
  tables: string[];
  /** The search box. */
  children?: ReactNode;
  /** Focus on the selected table's neighbourhood. */
  focus?: boolean;
  onFocus?: (focus: boolean) => void;
  /** Show only keys and linking columns. */
  collapsed?: boolean;
  onCollapse?: (collapsed: boolean) => void;
  onJump: (table: string) => void;
  showKeys: boolean;
  onShowKeys: (show: boolean) => void;
  /** Whether likely joins are drawn zoomed out; undefined when the schema has none. */
  likelyAtFit?: boolean;
  onLikelyAtFit?: (show: boolean) => void;
  summary: string;
}

export function GraphToolbar({
  cy,
  tables,
  children,
  focus,
  onFocus,
  collapsed,
  onCollapse,
  onJump,
  showKeys,
  onShowKeys,
  likelyAtFit,
  onLikelyAtFit,
  summary,
}: GraphToolbarProps) {
  return (
    <div className="flex flex-wrap items-center gap-2">
      <div className="flex items-center rounded-md shadow-sm">
        <Button
          size="sm"
          data-testid="graph-zoom-out"
          aria-label="Zoom out"
          className="rounded-r-none"
          disabled={!cy}
          onClick={() => cy && zoomBy(cy, 1 / 1.3)}
        >
          −
        </Button>
        <Button
          size="sm"
          data-testid="graph-zoom-in"
          aria-label="Zoom in"
          className="-ml-px rounded-none"
          disabled={!cy}
          onClick={() => cy && zoomBy(cy, 1.3)}
        >
          +
        </Button>
        <Button
          size="sm"
          data-testid="graph-fit"
          className="-ml-px rounded-l-none"
          disabled={!cy}
          onClick={() => cy && fitGraph(cy, true)}
        >
          Fit to screen
        </Button>
      </div>
      <select
        data-testid="graph-jump"
        aria-label="Go to table"
        value=""
        disabled={!cy}
        onChange={(e) => {
          if (!cy || !e.target.value) return;
          focusTable(cy, e.target.value);
          onJump(e.target.value);
        }}
        className="h-7 max-w-48 rounded-md border border-zinc-300 bg-white px-1.5 text-xs text-zinc-700 shadow-sm"
      >
        <option value="">Go to table…</option>
        {tables.map((t) => (
          <option key={t} value={t}>
            {t}
          </option>
        ))}
      </select>
      {children}
      {onFocus ? (
        <label
          className="flex items-center gap-1.5 text-xs text-zinc-600 select-none"
          title="Show only the selected table and the tables linked to it"
        >
          <input
            type="checkbox"
            data-testid="toggle-neighbourhood"
            checked={focus ?? false}
            onChange={(e) => onFocus(e.target.checked)}
            className="accent-indigo-600"
          />
          Neighbourhood
        </label>
      ) : null}
      {onCollapse ? (
        <label
          className="flex items-center gap-1.5 text-xs text-zinc-600 select-none"
          title="Show only keys and the columns that link tables"
        >
          <input
            type="checkbox"
            data-testid="toggle-collapse"
            checked={collapsed ?? false}
            onChange={(e) => onCollapse(e.target.checked)}
            className="accent-indigo-600"
          />
          Collapse tables
        </label>
      ) : null}
      <label className="flex items-center gap-1.5 text-xs text-zinc-600 select-none">
        <input
          type="checkbox"
          data-testid="toggle-key-edges"
          checked={showKeys}
          onChange={(e) => onShowKeys(e.target.checked)}
          className="accent-indigo-600"
        />
        Key edges
      </label>
      {likelyAtFit !== undefined && onLikelyAtFit ? (
        <label
          className="flex items-center gap-1.5 text-xs text-zinc-600 select-none"
          title="Zoomed out, guessed joins are hidden: across a whole schema they are a tangle"
        >
          <input
            type="checkbox"
            data-testid="toggle-likely-at-fit"
            checked={likelyAtFit}
            onChange={(e) => onLikelyAtFit(e.target.checked)}
            className="accent-indigo-600"
          />
          Likely joins when zoomed out
        </label>
      ) : null}
      <span className="ml-auto text-xs text-zinc-500" data-testid="graph-summary">
        {summary}
      </span>
    </div>
  );
}
