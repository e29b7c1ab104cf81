"use client";

import { useMemo, useState } from "react";
import { useCellValues } from "@/components/table/useCellValues";
import type { TableMeta } from "@/lib/core/model/dataset";
import { METHOD_STYLES, methodLabel } from "./methodStyle";
import { type CombinedCell, combinedCells, disagrees, type Lane } from "./model";

/** Rows shown per table; the count of the rest is given in words. */
const MAX_ROWS = 40;

/** The markers of one cell: one per method that retrieved it, ringed when its answer rests on the cell. */
function Markers({ by, evidence, labels }: { by: boolean[]; evidence: boolean[]; labels: string[] }) {
  return (
    <span className="inline-flex gap-0.5">
      {by.map((b, i) =>
        b ? (
          <span
            key={labels[i]}
            title={`${labels[i]}${evidence[i] ? " (answer rests on it)" : ""}`}
            style={{ color: METHOD_STYLES[i].color }}
            className={evidence[i] ? "rounded-sm outline outline-1 outline-zinc-900" : ""}
            data-marker={labels[i]}
          >
            {METHOD_STYLES[i].shape}
          </span>
        ) : null,
      )}
    </span>
  );
}

function TableGrid({
  datasetId,
  meta,
  cells,
  labels,
}: {
  datasetId: string;
  meta: TableMeta | undefined;
  cells: CombinedCell[];
  labels: string[];
}) {
  const columns = [...new Set(cells.map((c) => c.column))];
  const allRows = [...new Set(cells.map((c) => c.rowId))].sort((a, b) => a - b);
  const rows = allRows.slice(0, MAX_ROWS);
  const table = cells[0].table;
  const cellValue = useCellValues(datasetId, meta, table, rows);
  const byKey = new Map(cells.map((c) => [`${c.rowId} ${c.column}`, c]));
  const nameOf = (column: string) => meta?.columns.find((c) => c.sqlName === column)?.name ?? column;
  return (
    <div className="overflow-x-auto" data-testid={`combined-heatmap-${table}`}>
      <table className="border-collapse text-xs">
        <thead>
          <tr>
            <th className="p-1 text-left text-zinc-500">row</th>
            {columns.map((c) => (
              <th key={c} className="p-1 text-left font-medium">
                {nameOf(c)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((rowId) => (
            <tr key={rowId} className="border-t border-zinc-100">
              <td className="p-1 text-zinc-400 tabular-nums">{rowId}</td>
              {columns.map((column) => {
                const cell = byKey.get(`${rowId} ${column}`);
                const v = cellValue(rowId, column);
                return (
                  <td
                    key={column}
                    className={`p-1 align-top ${cell ? "bg-zinc-50" : ""}`}
                    data-testid={cell ? "combined-cell" : undefined}
                    data-disagree={cell ? String(disagrees(cell)) : undefined}
                  >
                    {cell ? (
                      <span className="flex items-center gap-1">
                        <span className="max-w-40 truncate">{v === null ? "" : String(v)}</span>
                        <Markers by={cell.by} evidence={cell.evidence} labels={labels} />
                      </span>
                    ) : null}
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
      {allRows.length > rows.length ? (
        <p className="text-xs text-zinc-500">{allRows.length - rows.length} more retrieved rows are not shown.</p>
      ) : null}
    </div>
  );
}

/**
 * One combined heatmap per table: each retrieved cell shows a marker per method that retrieved
 * it (shape and colour), ringed where that method's answer rests on it; "disagree only" keeps
 * the cells the methods do not retrieve (or rely on) alike.
 */
export function CompareHeatmap({
  datasetId,
  tables,
  lanes,
}: {
  datasetId: string;
  tables: TableMeta[];
  lanes: Lane[];
}) {
  const [disagreeOnly, setDisagreeOnly] = useState(false);
  const byTable = useMemo(() => combinedCells(lanes), [lanes]);
  const labels = lanes.map((l) => methodLabel(l.method));
  return (
    <section className="space-y-2" aria-label="Combined heatmap">
      <div className="flex flex-wrap items-center gap-3 text-xs">
        <h2 className="font-semibold tracking-wide text-zinc-500 uppercase">Retrieved cells, all methods</h2>
        {labels.map((l, i) => (
          <span key={l} className="inline-flex items-center gap-1">
            <span style={{ color: METHOD_STYLES[i].color }}>{METHOD_STYLES[i].shape}</span> {l}
          </span>
        ))}
        <span className="inline-flex items-center gap-1">
          <span className="rounded-sm px-0.5 outline outline-1 outline-zinc-900">●</span> answer rests on it
        </span>
        <label className="ml-auto inline-flex items-center gap-1">
          <input
            type="checkbox"
            checked={disagreeOnly}
            onChange={(e) => setDisagreeOnly(e.target.checked)}
            data-testid="disagree-only"
          />
          Disagree only
        </label>
      </div>
      {byTable.size === 0 ? <p className="text-xs text-zinc-500">No cells retrieved yet.</p> : null}
      {[...byTable.entries()].map(([table, cells]) => {
        const shown = disagreeOnly ? cells.filter(disagrees) : cells;
        return (
          <div key={table} className="space-y-1">
            <h3 className="text-sm font-medium">
              {table} <span className="text-xs font-normal text-zinc-500">({shown.length} cells)</span>
            </h3>
            {shown.length ? (
              <TableGrid
                datasetId={datasetId}
                meta={tables.find((t) => t.name === table)}
                cells={shown}
                labels={labels}
              />
            ) : (
              <p className="text-xs text-zinc-500">The methods retrieved the same cells of this table.</p>
            )}
          </div>
        );
      })}
    </section>
  );
}
