"use client";

import { useEffect, useState } from "react";
import { isAbort, messageOf } from "@/components/api/client";
import { searchCells, type CellQuery } from "./api";
import type { CellSearchHit } from "./types";

const DEBOUNCE_MS = 250;

export type CellSearch =
  | { status: "idle" }
  | { status: "searching"; hits: CellSearchHit[] | null }
  | { status: "done"; hits: CellSearchHit[]; q: string }
  | { status: "error"; error: string };

/** Searches the cell index as the user types (debounced; a newer query aborts the older one). */
export function useCellSearch(datasetId: string, query: CellQuery, indexKey: string): CellSearch {
  const [state, setState] = useState<CellSearch>({ status: "idle" });
  const q = query.q.trim();
  const { table, column, limit } = query;

  useEffect(() => {
    if (!q) {
      setState({ status: "idle" });
      return;
    }
    const controller = new AbortController();
    setState((s) => ({ status: "searching", hits: s.status === "done" ? s.hits : null }));
    const timer = setTimeout(() => {
      searchCells(datasetId, { q, table, column, limit }, controller.signal)
        .then((hits) => setState({ status: "done", hits, q }))
        .catch((err: unknown) => {
          if (!isAbort(err)) setState({ status: "error", error: messageOf(err) });
        });
    }, DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [datasetId, q, table, column, limit, indexKey]);

  return state;
}
