"use client";

import { useCallback, useEffect, useState } from "react";
import { isAbort, messageOf } from "@/components/api/client";
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
  const key = `${datasetId}/${table}/${rowIds.join(",")}`;
  const [state, setState] = useState<{ key: string; rows: GridRow[] | null; error: string | null }>({
    key,
    rows: null,
    error: null,
  });
  useEffect(() => {
    if (!enabled) return;
    if (rowIds.length === 0) return setState({ key, rows: [], error: null });
    const controller = new AbortController();
    getRowsById(datasetId, table, rowIds, controller.signal).then(
      (page) => setState({ key, rows: page.rows, error: null }),
      (err: unknown) => {
        if (!isAbort(err) && !controller.signal.aborted) setState({ key, rows: null, error: messageOf(err) });
      },
    );
    return () => controller.abort();
    // rowIds are represented by `key`.
  }, [key, enabled]);
  const current = state.key === key ? state : { rows: null, error: null };
  const rows = current.rows;
  return {
    count: rows ? rows.length : rowIds.length,
    getRow: useCallback((i: number) => rows?.[i], [rows]),
    request: useCallback(() => undefined, []),
    loading: enabled && rows === null && current.error === null,
    error: current.error,
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
