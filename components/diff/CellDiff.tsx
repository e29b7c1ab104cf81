"use client";

import { useCellValues } from "@/components/table/useCellValues";
import type { RunDiff } from "@/lib/core/compare/diff";
import type { RetrievedCell } from "@/lib/core/compare/retrieved";
import type { TableMeta } from "@/lib/core/model/dataset";

type Kind = "added" | "removed" | "common";
const STYLE: Record<Kind, string> = {
  added: "bg-emerald-100 text-emerald-900",
  removed: "bg-red-100 text-red-800 line-through",
  common: "bg-zinc-100 text-zinc-700",
};
const MAX_ROWS = 40;
const BOLD = "font-semibold";

function TableCells({
  datasetId,
  meta,
  cells,
}: {
  datasetId: string;
  meta?: TableMeta;
  cells: Array<RetrievedCell & { kind: Kind }>;
}) {
  const table = cells[0].table;
  const columns = [...new Set(cells.map((c) => c.column))];
  const all = [...new Set(cells.map((c) => c.rowId))].sort((x, y) => x - y);
  const rows = all.slice(0, MAX_ROWS);
  const cellValue = useCellValues(datasetId, meta, table, rows);
  const byKey = new Map(cells.map((c) => [`${c.rowId} ${c.column}`, c]));
  const value = (rowId: number, column: string) => String(cellValue(rowId, column) ?? "");
  return (
    <div className="overflow-x-auto" data-testid={`diff-heatmap-${table}`}>
      <table className="border-collapse text-xs">
        <thead>
          <tr>
            <th className="p-1 text-left text-zinc-500">row</th>
            {columns.map((c) => (
              <th key={c} className="p-1 text-left font-medium">
                {meta?.columns.find((m) => m.sqlName === c)?.name ?? c}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((rowId) => (
            <tr key={rowId}>
              <td className="p-1 text-zinc-400 tabular-nums">{rowId}</td>
              {columns.map((column) => {
                const c = byKey.get(`${rowId} ${column}`);
                return (
                  <td key={column} className="p-0.5">
                    {c ? (
                      <span
                        className={`block max-w-44 truncate rounded px-1 ${STYLE[c.kind]} ${c.evidence ? BOLD : ""}`}
                        data-testid={`diff-cell-${c.kind}`}
                        title={`${c.kind}${c.evidence ? ", evidence" : ""}`}
                      >
                        {value(rowId, column) || "·"}
                      </span>
                    ) : null}
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
      {all.length > rows.length ? <p className="text-xs text-zinc-500">{all.length - rows.length} more rows.</p> : null}
    </div>
  );
}

/** The cells each run retrieved on one heatmap per table: added (only in B), removed (only in A), common. */
export function CellDiff({
  datasetId,
  tables,
  cells,
}: {
  datasetId: string;
  tables: TableMeta[];
  cells: RunDiff["cells"];
}) {
  const all = [
    ...cells.added.map((c) => ({ ...c, kind: "added" as const })),
    ...cells.removed.map((c) => ({ ...c, kind: "removed" as const })),
    ...cells.common.map((c) => ({ ...c, kind: "common" as const })),
  ];
  const byTable = new Map<string, typeof all>();
  for (const c of all) byTable.set(c.table, [...(byTable.get(c.table) ?? []), c]);
  return (
    <div className="space-y-3">
      <p className="text-xs text-zinc-600" data-testid="diff-cell-counts">
        <span className={`rounded px-1 ${STYLE.added}`}>{cells.added.length} added</span>{" "}
        <span className={`rounded px-1 ${STYLE.removed}`}>{cells.removed.length} removed</span>{" "}
        <span className={`rounded px-1 ${STYLE.common}`}>{cells.common.length} common</span>
        {" · bold: the answer rests on it"}
      </p>
      {[...byTable.entries()].map(([table, list]) => (
        <div key={table} className="space-y-1">
          <h3 className="text-sm font-medium">{table}</h3>
          <TableCells datasetId={datasetId} meta={tables.find((t) => t.name === table)} cells={list} />
        </div>
      ))}
    </div>
  );
}
