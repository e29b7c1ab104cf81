"use client";

import { useState } from "react";
import { CellGraphView } from "@/components/cellgraph/CellGraphView";
import type { TableMeta } from "@/lib/core/model/dataset";
import { plural } from "@/components/ui/format";
import { DataGrid, type OpenRow } from "@/components/table/DataGrid";
import type { GridFilter } from "@/lib/core/model/grid-filter";
import { ColumnTypingReport } from "./ColumnTypingReport";
import type { GridSort } from "./useGridLocation";
import { Notes } from "./DatasetHeader";
import { DialectControl } from "./DialectControl";
import { HeaderDepthControl } from "./HeaderDepthControl";
import { rowCountText, ViewBadge } from "./RowCount";

interface TablePanelProps {
  datasetId: string;
  table: TableMeta;
  panelId: string;
  tabId: string;
  /** Called after the table was re-imported (another header depth), to reload the dataset. */
  onReimported: () => void;
  filters?: readonly GridFilter[];
  onFiltersChange?: (filters: GridFilter[]) => void;
  sort?: GridSort | null;
  onSortChange?: (sort: GridSort | null) => void;
  onOpenRow?: OpenRow;
  rowHref?: (table: string, column: string, value: string) => string;
}

export function TablePanel(props: TablePanelProps) {
  const { datasetId, table, panelId, tabId, onReimported, ...grid } = props;
  const [asGraph, setAsGraph] = useState(false);
  // A re-import changes columns and rows under the same table name; the grid starts afresh then.
  const version = `${table.rowCount}:${table.columns.map((c) => c.sqlName).join(",")}`;
  return (
    <section id={panelId} role="tabpanel" aria-labelledby={tabId} className="flex min-w-0 flex-col gap-2">
      <div className="flex flex-wrap items-baseline gap-x-3 gap-y-1">
        <h2 className="text-sm font-semibold text-zinc-900">{table.name}</h2>
        <ViewBadge table={table} />
        <span
          data-testid="row-count"
          data-count={table.rowCount}
          data-cut={table.rowCountCut ? "true" : undefined}
          className="text-xs text-zinc-600 tabular-nums"
        >
          {rowCountText(table)}
        </span>
        <span className="text-xs text-zinc-500">{plural(table.columns.length, "column")}</span>
        <span className="min-w-0 text-xs break-all text-zinc-500" title={table.sourceFile}>
          from {table.sourceFile}
          {table.source === "xlsx" && table.layout ? ` (sheet ${table.layout.sheet})` : ""}
        </span>
        <HeaderDepthControl datasetId={datasetId} table={table} onChanged={onReimported} />
        <DialectControl datasetId={datasetId} table={table} onChanged={onReimported} />
        <button
          type="button"
          data-testid="open-cell-graph"
          aria-pressed={asGraph}
          onClick={() => setAsGraph((g) => !g)}
          className="ml-auto rounded-md bg-zinc-100 px-2 py-0.5 text-xs text-zinc-700 hover:bg-zinc-200"
          title="Every cell, header or data, as a node; SAME ROW / SAME COLUMN edges (GraphOTTER)"
        >
          {asGraph ? "Show rows" : "Cell graph"}
        </button>
      </div>
      {/* One line each until opened: the grid's first rows stay above the fold. */}
      <div className="flex flex-wrap items-start gap-2 empty:hidden">
        <Notes title="Table notes" notes={table.notes} testId="table-notes" />
        <ColumnTypingReport table={table} />
      </div>
      {/* Keyed so that sort state and the row cache start fresh for each table. */}
      {asGraph ? (
        <CellGraphView key={`graph:${datasetId}/${table.name}/${version}`} datasetId={datasetId} table={table.name} />
      ) : (
        <DataGrid key={`${datasetId}/${table.name}/${version}`} datasetId={datasetId} table={table} {...grid} />
      )}
    </section>
  );
}
