"use client";

import { useCallback, useEffect, useRef, useState } from "react";
import { type GridFilter, readGridFilters, writeGridFilters } from "@/lib/core/model/grid-filter";

/** The grid's sort: one column (its SQL name), ascending or descending. */
export type GridSort = { column: string; dir: "asc" | "desc" };

interface GridLocation {
  table: string | null;
  filters: GridFilter[];
  sort: GridSort | null;
}

/** `?sort=<column>:asc|desc`; anything else is no sort. */
export function readGridSort(params: URLSearchParams): GridSort | null {
  const raw = params.get("sort");
  const m = raw ? /^(.+):(asc|desc)$/.exec(raw) : null;
  return m ? { column: m[1], dir: m[2] as GridSort["dir"] } : null;
}

function readLocation(): GridLocation {
  if (typeof window === "undefined") return { table: null, filters: [], sort: null };
  const params = new URLSearchParams(window.location.search);
  return { table: params.get("table"), filters: readGridFilters(params).filters, sort: readGridSort(params) };
}

function writeLocation(next: GridLocation, push: boolean): void {
  const url = new URL(window.location.href);
  const params = writeGridFilters(url.searchParams, next.filters);
  if (next.table) params.set("table", next.table);
  if (next.sort) params.set("sort", `${next.sort.column}:${next.sort.dir}`);
  else params.delete("sort");
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
 * The chosen table, its filters and its sort, kept in the page's URL so a reload or a shared link opens
 * the same rows. Choosing a table replaces the history entry; a filter, a sort and following a foreign
 * key push one, so Back undoes the last of them. Reading the URL at first render is safe for
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
  const select = useCallback((table: string) => go({ table, filters: [], sort: null }, false), [go]);
  // `table`: the table shown (the first one when the address names none), so the filter or sort names its table.
  const setFilters = useCallback(
    (filters: GridFilter[], table?: string) =>
      go({ ...current.current, table: table ?? current.current.table, filters }, true),
    [go],
  );
  const setSort = useCallback(
    (sort: GridSort | null, table?: string) =>
      go({ ...current.current, table: table ?? current.current.table, sort }, true),
    [go],
  );
  const openRow = useCallback(
    (table: string, column: string, value: string) =>
      go({ table, filters: [{ column, op: "eq", value }], sort: null }, true),
    [go],
  );
  return { ...location, select, setFilters, setSort, openRow };
}
