"use client";

import { useMemo, useState } from "react";
import type { TableMeta } from "@/lib/core/model/dataset";
import { formatNumber } from "@/components/ui/format";
import { Heatmap } from "@/components/workbench/heatmap/Heatmap";
import { useHeatRows } from "@/components/workbench/hooks/useHeatRows";
import { cellKey, emptyHeatTable, type HeatTable } from "@/components/workbench/model/heatmap";
import type { TableCellsRead } from "./sqlApi";

/**
 * The tables the statement read, in the grid's cells with the cells it read outlined (its rows ×
 * the columns it names), one tab per table. Shown only when the server could map the statement to
 * cells (a SELECT over tables with row ids).
 */
export function SqlCellsRead({
  datasetId,
  tables,
  read,
}: {
  datasetId: string;
  tables: readonly TableMeta[];
  read: readonly TableCellsRead[];
}) {
  const known = read.filter((r) => tables.some((t) => t.sqlName === r.table));
  const [picked, setPicked] = useState<string | null>(null);
  if (known.length === 0) return null;
  const current = known.find((r) => r.table === picked) ?? known[0];
  const meta = tables.find((t) => t.sqlName === current.table)!;
  return (
    <section className="space-y-1.5" aria-label="Cells the query read" data-testid="sql-cells-read">
      <div className="flex flex-wrap items-center gap-2">
        <h2 className="text-xs font-semibold tracking-wide text-zinc-500 uppercase">Cells it read</h2>
        {known.length > 1
          ? known.map((r) => {
              const name = tables.find((t) => t.sqlName === r.table)!.name;
              return (
                <button
                  key={r.table}
                  type="button"
                  data-testid="sql-read-tab"
                  data-table={name}
                  aria-pressed={r === current}
                  onClick={() => setPicked(r.table)}
                  className={`rounded-md px-2 py-0.5 text-xs ${
                    r === current ? "bg-indigo-600 text-white" : "bg-zinc-100 text-zinc-700 hover:bg-zinc-200"
                  }`}
                >
                  {name}
                </button>
              );
            })
          : null}
      </div>
      <p className="text-[11px] text-zinc-500" data-testid="sql-read-caption">
        {meta.name}: {current.columns.length} {current.columns.length === 1 ? "column" : "columns"} ×{" "}
        {formatNumber(current.rowIds.length)} {current.rowIds.length === 1 ? "row" : "rows"} of{" "}
        {formatNumber(meta.rowCount)} outlined
        {current.cut ? ` (the first ${formatNumber(current.rowIds.length)} rows it read)` : ""}
      </p>
      <ReadTable key={meta.sqlName} datasetId={datasetId} table={meta} read={current} />
    </section>
  );
}

function ReadTable({ datasetId, table, read }: { datasetId: string; table: TableMeta; read: TableCellsRead }) {
  const heat = useMemo<HeatTable>(() => {
    const cells = new Set(read.rowIds.flatMap((id) => read.columns.map((c) => cellKey(id, c))));
    return { ...emptyHeatTable(table.name), rowIds: read.rowIds, answerCells: cells, totalRows: table.rowCount };
  }, [read, table]);
  const rows = useHeatRows(datasetId, table.name, table.rowCount, read.rowIds, true);
  const retrieved = useMemo(() => new Set(read.rowIds), [read.rowIds]);
  return <Heatmap table={table} heat={heat} rows={rows} retrieved={retrieved} />;
}
