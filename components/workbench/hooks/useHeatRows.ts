"use client";

import { useQuery } from "@tanstack/react-query";
import { useCallback } from "react";
import { messageOf } from "@/components/api/client";
import { queryKeys } from "@/components/api/queryKeys";
import type { GridRow } from "@/components/api/types";
import { useRowPages } from "@/components/table/useRowPages";
import { getRowsById } from "../api/endpoints";

export interface HeatRows {
  count: number;
  getRow: (index: number) => GridRow | undefined;
  request: (first: number, last: number) => void;
  loading: boolean;
  error: string | null;
}

/** The retrieved rows of a table, fetched by rowid (the ids in the run's events). */
function useRowsById(datasetId: string, table: string, rowIds: readonly number[], enabled: boolean): HeatRows {
  const query = useQuery({
    queryKey: queryKeys.rowsById(datasetId, table, rowIds),
    queryFn: async ({ signal }): Promise<GridRow[]> =>
      rowIds.length === 0 ? [] : (await getRowsById(datasetId, table, rowIds, signal)).rows,
    enabled,
  });
  const rows = query.data ?? null;
  const error = query.error ? messageOf(query.error) : null;
  return {
    count: rows ? rows.length : rowIds.length,
    getRow: useCallback((i: number) => rows?.[i], [rows]),
    request: useCallback(() => undefined, []),
    loading: enabled && rows === null && error === null,
    error,
  };
}

/** Rows for the heatmap: only the retrieved ones, or the whole table page by page. */
export function useHeatRows(
  datasetId: string,
  table: string,
  totalRows: number,
  rowIds: readonly number[],
  retrievedOnly: boolean,
): HeatRows {
  const byId = useRowsById(datasetId, table, rowIds, retrievedOnly);
  const pages = useRowPages({ datasetId, tableName: table, sort: null }, totalRows);
  if (retrievedOnly) return byId;
  return {
    count: pages.total,
    getRow: pages.getRow,
    request: pages.request,
    loading: pages.loading,
    error: pages.error,
  };
}
