"use client";

import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { messageOf } from "@/components/api/client";
import { queryKeys } from "@/components/api/queryKeys";
import { type CellQuery, searchCells } from "./api";
import type { CellSearchHit } from "./types";

const DEBOUNCE_MS = 250;

export type CellSearch =
  | { status: "idle" }
  | { status: "searching"; hits: CellSearchHit[] | null }
  | { status: "done"; hits: CellSearchHit[]; q: string }
  | { status: "error"; error: string };

/** `value`, once it has stayed the same for `ms` (typing does not send a request per key). */
function useSettled<T>(value: T, ms: number): T {
  const [settled, setSettled] = useState(value);
  const key = JSON.stringify(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
    // `value` is represented by `key`.
  }, [key, ms]);
  return settled;
}

/** Searches the cell index as the user types (debounced; a newer query cancels the older one). */
export function useCellSearch(datasetId: string, query: CellQuery, indexKey: string): CellSearch {
  const q = query.q.trim();
  const current: CellQuery = { q, table: query.table, column: query.column, limit: query.limit };
  const settled = useSettled(current, DEBOUNCE_MS);
  const search = useQuery({
    queryKey: queryKeys.cellSearch(datasetId, indexKey, settled),
    queryFn: ({ signal }) => searchCells(datasetId, settled, signal),
    enabled: settled.q !== "",
    placeholderData: keepPreviousData,
  });

  if (!q) return { status: "idle" };
  if (search.isError) return { status: "error", error: messageOf(search.error) };
  const upToDate = JSON.stringify(settled) === JSON.stringify(current);
  if (upToDate && search.data && !search.isPlaceholderData && !search.isFetching)
    return { status: "done", hits: search.data, q: settled.q };
  return { status: "searching", hits: search.data ?? null };
}
