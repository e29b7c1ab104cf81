import type { Core } from "cytoscape";
import { Button } from "@/components/ui/Button";
import { tableNodeId } from "./elements";
import { fitGraph } from "./useCytoscape";

function zoomBy(cy: Core, factor: number) {
  const level = Math.min(cy.maxZoom(), Math.max(cy.minZoom(), cy.zoom() * factor));
  cy.zoom({ level, renderedPosition: { x: cy.width() / 2, y: cy.height() / 2 } });
}

/** Zooms to one table's box (a dense graph is easier to explore table by table). */
function focusTable(cy: Core, table: string) {
  fitGraph(cy, true, cy.getElementById(tableNodeId(table)));
}

interface GraphToolbarProps {
  cy: Core | null;
  tables: string[];
  onJump: (table: string) => void;
  showKeys: boolean;
  onShowKeys: (show: boolean) => void;
  summary: string;
}

export function GraphToolbar({ cy, tables, onJump, showKeys, onShowKeys, summary }: GraphToolbarProps) {
  return (
    <div className="flex flex-wrap items-center gap-2">
      <div className="flex items-center rounded-md shadow-sm">
        <Button size="sm" data-testid="graph-zoom-out" aria-label="Zoom out" className="rounded-r-none" disabled={!cy} onClick={() => cy && zoomBy(cy, 1 / 1.3)}>
          −
        </Button>
        <Button size="sm" data-testid="graph-zoom-in" aria-label="Zoom in" className="-ml-px rounded-none" disabled={!cy} onClick={() => cy && zoomBy(cy, 1.3)}>
          +
        </Button>
        <Button size="sm" data-testid="graph-fit" className="-ml-px rounded-l-none" disabled={!cy} onClick={() => cy && fitGraph(cy, true)}>
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
      <label className="flex items-center gap-1.5 text-xs text-zinc-600 select-none">
        <input type="checkbox" data-testid="toggle-key-edges" checked={showKeys} onChange={(e) => onShowKeys(e.target.checked)} className="accent-indigo-600" />
        Key edges
      </label>
      <span className="ml-auto text-xs text-zinc-500">{summary}</span>
    </div>
  );
}
