"use client";

import { useQuery } from "@tanstack/react-query";
import { queryKeys } from "@/components/api/queryKeys";
import type { GridCell } from "@/lib/core/api/grid";
import { getRowsById } from "@/components/workbench/api/endpoints";
import type { TableMeta } from "@/lib/core/model/dataset";
import { shownValue } from "./gridModel";

/**
 * The stored values of some rows of a table, read by rowid, as a lookup `(rowId, sqlColumn) → cell`.
 * Uses the run heatmap's query key and data shape (GridRow[]), so views of the same rows share one cache entry.
 */
export function useCellValues(
  datasetId: string,
  meta: TableMeta | undefined,
  table: string,
  rowIds: readonly number[],
): (rowId: number, column: string) => GridCell | null {
  const rows = useQuery({
    queryKey: queryKeys.rowsById(datasetId, table, rowIds),
    queryFn: async ({ signal }) => (await getRowsById(datasetId, table, rowIds, signal)).rows,
    enabled: !!meta,
  });
  return (rowId, column) => {
    const i = meta?.columns.findIndex((c) => c.sqlName === column) ?? -1;
    const row = rows.data?.find((r) => r.rowId === rowId);
    return i >= 0 && row ? (shownValue(meta?.columns[i], row.values[i] ?? null) as GridCell | null) : null;
  };
}
