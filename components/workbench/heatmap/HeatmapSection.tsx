"use client";

import { useMemo, useState } from "react";
import type { TableMeta } from "@/lib/core/model/dataset";
import { formatNumber } from "@/components/ui/format";
import { emptyHeatTable, heatTables, type HeatTable } from "../model/heatmap";
import type { RunView } from "../model/runView";
import { useHeatRows } from "../hooks/useHeatRows";
import { Heatmap } from "./Heatmap";
import { graphWalk, walkCells } from "@/components/cellgraph/model";
import { HeatmapLegend } from "./HeatmapLegend";

/** One heatmap per table the run involved, as tabs, with the "retrieved rows only" toggle. */
export function HeatmapSection({ datasetId, tables, view }: { datasetId: string; tables: TableMeta[]; view: RunView }) {
  const heat = useMemo(() => withWalk(heatTables(view), view, tables), [view, tables]);
  const [picked, setPicked] = useState<string | null>(null);
  const [retrievedOnly, setRetrievedOnly] = useState(true);
  const known = heat.filter((h) => tables.some((t) => t.name === h.table));
  if (known.length === 0) return null;
  // Until the user picks a tab, show the table holding the answer's evidence (the most answer cells).
  const evidence = known.reduce<HeatTable | null>(
    (best, h) => (h.answerCells.size > (best?.answerCells.size ?? 0) ? h : best),
    null,
  );
  const current = known.find((h) => h.table === picked) ?? evidence ?? known[0];
  const meta = tables.find((t) => t.name === current.table)!;

  return (
    <section className="space-y-2" aria-label="Heatmaps" data-testid="heatmaps">
      <div className="flex flex-wrap items-center gap-2">
        <h2 className="text-xs font-semibold tracking-wide text-zinc-500 uppercase">Heatmap</h2>
        <div role="tablist" className="flex flex-wrap gap-1">
          {known.map((h) => (
            <button
              key={h.table}
              role="tab"
              type="button"
              aria-selected={h === current}
              data-evidence={h.answerCells.size > 0}
              data-testid="heatmap-tab"
              data-table={h.table}
              onClick={() => setPicked(h.table)}
              className={`rounded-md px-2 py-0.5 text-xs ${
                h === current ? "bg-indigo-600 text-white" : "bg-zinc-100 text-zinc-700 hover:bg-zinc-200"
              }`}
            >
              {h.table}
            </button>
          ))}
        </div>
        <label className="ml-auto flex items-center gap-1.5 text-xs text-zinc-600">
          <input
            type="checkbox"
            data-testid="retrieved-only"
            checked={retrievedOnly}
            onChange={(e) => setRetrievedOnly(e.target.checked)}
            className="accent-indigo-600"
          />
          Retrieved rows only
        </label>
      </div>
      <HeatmapLegend />
      <TableHeatmap
        key={`${current.table}:${retrievedOnly}`}
        datasetId={datasetId}
        table={meta}
        heat={current}
        retrievedOnly={retrievedOnly}
      />
    </section>
  );
}

function TableHeatmap({
  datasetId,
  table,
  heat,
  retrievedOnly,
}: {
  datasetId: string;
  table: TableMeta;
  heat: HeatTable;
  retrievedOnly: boolean;
}) {
  // A sub-table that keeps the whole table is paged like the table itself: every row is retrieved.
  const rows = useHeatRows(
    datasetId,
    table.name,
    table.rowCount,
    heat.rowIds,
    retrievedOnly && !table.isView && !heat.allRows,
  );
  const retrieved = useMemo(() => new Set(heat.rowIds), [heat.rowIds]);
  return (
    <div className="space-y-1">
      <p className="text-[11px] text-zinc-500" data-testid="heatmap-caption">
        {heat.allRows
          ? `All ${formatNumber(table.rowCount)} rows retrieved (no condition narrows this table)`
          : retrievedOnly
            ? `${formatNumber(heat.rowIds.length)} retrieved ${heat.rowIds.length === 1 ? "row" : "rows"} of ` +
              `${formatNumber(table.rowCount)}`
            : `All ${formatNumber(table.rowCount)} rows; ${formatNumber(heat.rowIds.length)} retrieved`}
        {heat.rowIdsTruncated ? " (the trace lists the first 5,000 retrieved rows)" : ""}
      </p>
      <Heatmap table={table} heat={heat} rows={rows} retrieved={retrieved} />
    </div>
  );
}

/** Adds GraphOTTER's visited cells (numbered by step) to the heatmap of the table it walked. */
function withWalk(heat: HeatTable[], view: RunView, tables: TableMeta[]): HeatTable[] {
  const events = view.timeline
    .flatMap((t) => (t.kind === "stage" ? t.stage.events : [t.event]))
    .sort((a, b) => a.seq - b.seq);
  const walk = graphWalk(events);
  const meta = tables.find((t) => t.name === walk.table);
  if (!meta || !walk.visits.size) return heat;
  const visits = walkCells(
    walk,
    meta.columns.map((c) => c.sqlName),
  );
  if (!visits.size) return heat;
  let entry = heat.find((h) => h.table === meta.name);
  if (!entry) {
    entry = emptyHeatTable(meta.name);
    heat = [...heat, entry];
  }
  const rows = [...visits.keys()].map((k) => Number(k.split(" ")[0]));
  return heat.map((h) =>
    h === entry ? { ...h, visits, rowIds: [...new Set([...h.rowIds, ...rows])].sort((a, b) => a - b) } : h,
  );
}
