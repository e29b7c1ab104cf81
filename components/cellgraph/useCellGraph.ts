"use client";

import { useEffect, useRef, useState } from "react";
import type { ViewNode } from "./model";

export type CellGraphData = {
  table: string;
  rows: number;
  columns: number;
  headerRows: number;
  total: number;
  partial: boolean;
  nodes: ViewNode[];
};
type State = { status: "loading" } | { status: "ready"; data: CellGraphData } | { status: "error"; error: string };

/**
 * Loads a table's cell graph. A small graph loads once; a partial one (large table) is loaded
 * again when focus cells arrive that it does not contain yet.
 */
export function useCellGraph(datasetId: string, table: string, focus: string[]): State {
  const [state, setState] = useState<State>({ status: "loading" });
  const loaded = useRef<{ key: string; data: CellGraphData } | null>(null);
  const missing = (() => {
    const cur = loaded.current;
    if (!cur || cur.key !== `${datasetId}/${table}`) return "all";
    if (!cur.data.partial) return "";
    const have = new Set(cur.data.nodes.map((n) => n.id));
    return focus.filter((id) => !have.has(id)).join(",");
  })();

  useEffect(() => {
    if (missing === "") return;
    const ctrl = new AbortController();
    const url =
      `/api/datasets/${encodeURIComponent(datasetId)}/tables/${encodeURIComponent(table)}` +
      `/cell-graph?focus=${encodeURIComponent(focus.slice(0, 500).join(","))}`;
    fetch(url, { signal: ctrl.signal })
      .then(async (res) => {
        const body = await res.json();
        if (!res.ok) throw new Error(body?.error?.message ?? `HTTP ${res.status}`);
        loaded.current = { key: `${datasetId}/${table}`, data: body as CellGraphData };
        setState({ status: "ready", data: body as CellGraphData });
      })
      .catch((err: unknown) => {
        if (!ctrl.signal.aborted)
          setState({ status: "error", error: err instanceof Error ? err.message : String(err) });
      });
    return () => ctrl.abort();
    // focus is read through `missing`: only new, undrawn cells trigger a reload.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [datasetId, table, missing]);
  return state;
}
