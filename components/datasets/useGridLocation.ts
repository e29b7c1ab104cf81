"use client";

import { useCallback, useEffect, useRef, useState } from "react";
import { type GridFilter, readGridFilters, writeGridFilters } from "@/lib/core/model/grid-filter";

interface GridLocation {
  table: string | null;
  filters: GridFilter[];
}

function readLocation(): GridLocation {
  if (typeof window === "undefined") return { table: null, filters: [] };
  const params = new URLSearchParams(window.location.search);
  return { table: params.get("table"), filters: readGridFilters(params).filters };
}

function writeLocation(next: GridLocation, push: boolean): void {
  const url = new URL(window.location.href);
  const params = writeGridFilters(url.searchParams, next.filters);
  if (next.table) params.set("table", next.table);
  url.search = params.toString();
  if (push) window.history.pushState(window.history.state, "", url);
  else window.history.replaceState(window.history.state, "", url);
}

/** The dataset page's grid address: `?table=<name>&f.<column>=<op>:<text>`. */
export function gridHref(datasetId: string, table: string, filters: readonly GridFilter[]): string {
  const params = writeGridFilters(new URLSearchParams({ table }), filters);
  return `/datasets/${encodeURIComponent(datasetId)}?${params}`;
}

/**
 * The chosen table and its filters, kept in the page's URL so a reload or a shared link opens the same
 * rows. Choosing a table or a filter replaces the history entry; following a foreign key pushes one,
 * so Back returns to the row it was followed from. Reading the URL at first render is safe for
 * hydration: nothing depends on it until the dataset has loaded on the client.
 */
export function useGridLocation() {
  const [location, setLocation] = useState<GridLocation>(readLocation);
  const current = useRef(location);
  current.current = location;
  useEffect(() => {
    const onPop = () => setLocation(readLocation());
    window.addEventListener("popstate", onPop);
    return () => window.removeEventListener("popstate", onPop);
  }, []);
  const go = useCallback((next: GridLocation, push: boolean) => {
    setLocation(next);
    writeLocation(next, push);
  }, []);
  const select = useCallback((table: string) => go({ table, filters: [] }, false), [go]);
  const setFilters = useCallback((filters: GridFilter[]) => go({ ...current.current, filters }, false), [go]);
  const openRow = useCallback(
    (table: string, column: string, value: string) => go({ table, filters: [{ column, op: "eq", value }] }, true),
    [go],
  );
  return { ...location, select, setFilters, openRow };
}
