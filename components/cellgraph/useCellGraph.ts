"use client";

import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { apiFetch, messageOf } from "@/components/api/client";
import { queryKeys } from "@/components/api/queryKeys";
import type { ViewNode } from "./model";

type CellGraphData = {
  table: string;
  rows: number;
  columns: number;
  headerRows: number;
  total: number;
  partial: boolean;
  nodes: ViewNode[];
};
type State = { status: "loading" } | { status: "ready"; data: CellGraphData } | { status: "error"; error: string };

/** The focus cells sent with a request (the server reads at most 500). */
const focusParam = (focus: string[]) => focus.slice(0, 500).join(",");

function getCellGraph(datasetId: string, table: string, focus: string, signal: AbortSignal) {
  const url = `/api/datasets/${encodeURIComponent(datasetId)}/tables/${encodeURIComponent(table)}/cell-graph`;
  return apiFetch<CellGraphData>(`${url}?focus=${encodeURIComponent(focus)}`, { signal, cache: "no-store" });
}

/**
 * Loads a table's cell graph. A small graph loads once; a partial one (large table) is asked for
 * again when focus cells arrive that it does not contain yet.
 */
export function useCellGraph(datasetId: string, table: string, focus: string[]): State {
  const graph = `${datasetId}/${table}`;
  const [asked, setAsked] = useState({ graph, focus: focusParam(focus) });
  const current = asked.graph === graph ? asked.focus : focusParam(focus);
  const query = useQuery({
    queryKey: queryKeys.cellGraph(datasetId, table, current),
    queryFn: ({ signal }) => getCellGraph(datasetId, table, current, signal),
    // A partial graph stays drawn while it is asked for again with more focus cells.
    placeholderData: keepPreviousData,
  });
  const data = query.isPlaceholderData && asked.graph !== graph ? undefined : query.data;
  const missing = (() => {
    if (!data?.partial || query.isPlaceholderData) return "";
    const have = new Set(data.nodes.map((n) => n.id));
    return focus.filter((id) => !have.has(id)).join(",");
  })();

  useEffect(() => {
    if (asked.graph !== graph || missing !== "") setAsked({ graph, focus: focusParam(focus) });
    // focus is read through `missing`: only new, undrawn cells ask again.
  }, [graph, missing]);

  if (data) return { status: "ready", data };
  if (query.error) return { status: "error", error: messageOf(query.error) };
  return { status: "loading" };
}
