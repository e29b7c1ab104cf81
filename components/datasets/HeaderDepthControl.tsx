"use client";

import { useMutation } from "@tanstack/react-query";
import { useState } from "react";
import { messageOf } from "@/components/api/client";
import { setHeaderRows } from "@/components/api/endpoints";
import type { TableMeta } from "@/lib/core/model/dataset";
import { ReimportStatus } from "./ReimportStatus";

/**
 * The header depth a table was read with: a sheet or multi-row CSV header keeps its header grid;
 * a CSV read without a header has only numbered columns (its note says so); otherwise one row.
 */
export function headerDepthOf(table: TableMeta): number {
  if (table.layout) return table.layout.headerRows.length;
  return table.notes.some((n) => n.includes("there is no header row")) ? 0 : 1;
}

/**
 * Lets the user change how many top rows of a CSV/TSV table or sheet are its header (1–6, or 0 for
 * CSV). The table is re-imported and re-indexed on the server; `onChanged` reloads the dataset.
 */
export function HeaderDepthControl({
  datasetId,
  table,
  onChanged,
}: {
  datasetId: string;
  table: TableMeta;
  onChanged: () => void;
}) {
  const [error, setError] = useState<string | null>(null);
  const reimport = useMutation({
    mutationFn: (rows: number) => setHeaderRows(datasetId, table.name, rows),
    onSuccess: onChanged,
  });
  const busy = reimport.isPending;
  if (table.source === "sqlite" || table.source === "postgres") return null;
  const current = headerDepthOf(table);
  const options = table.source === "xlsx" ? [1, 2, 3, 4, 5, 6] : [0, 1, 2, 3, 4, 5, 6];

  const change = async (rows: number) => {
    setError(null);
    try {
      await reimport.mutateAsync(rows);
    } catch (err) {
      setError(messageOf(err));
    }
  };

  return (
    <span className="inline-flex items-center gap-1.5 text-xs text-zinc-600">
      <label
        htmlFor={`header-depth-${table.name}`}
        title="How many top rows are the header; column names join them as top / leaf"
      >
        Header rows
      </label>
      <select
        id={`header-depth-${table.name}`}
        data-testid="header-depth"
        data-current={current}
        value={current}
        disabled={busy}
        onChange={(e) => void change(Number(e.target.value))}
        className="rounded border border-zinc-300 bg-white px-1 py-0.5 text-xs tabular-nums"
      >
        {options.map((n) => (
          <option key={n} value={n}>
            {n === 0 ? "none" : n}
          </option>
        ))}
      </select>
      <ReimportStatus busy={busy} error={error} testId="header-depth" />
    </span>
  );
}
