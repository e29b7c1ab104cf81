"use client";

import { useQueryClient } from "@tanstack/react-query";
import { useCallback, useEffect, useMemo, useReducer, useState } from "react";
import { isAbort, messageOf } from "@/components/api/client";
import { getRows, type RowsQuery } from "@/components/api/endpoints";
import { queryKeys } from "@/components/api/queryKeys";
import type { GridRow } from "@/components/api/types";
import { PAGE_SIZE } from "./gridModel";
import { PageCache } from "./pageCache";

export interface RowPages {
  total: number;
  getRow: (index: number) => GridRow | undefined;
  /** Ask for the rows in [first, last] (inclusive indexes); loads only the pages not cached or in flight. */
  request: (first: number, last: number) => void;
  loading: boolean;
  error: string | null;
  retry: () => void;
}

/**
 * A virtualised table's rows, page by page. Each page is fetched through the query client (one
 * cache, cancellation); PageCache keeps the bounded window the grid draws, so the client drops a
 * page as soon as it is fetched (gcTime 0) instead of holding a second copy of a huge table.
 */
export function useRowPages(query: RowsQuery, initialTotal: number): RowPages {
  const client = useQueryClient();
  const key = JSON.stringify(query);
  const cache = useMemo(() => new PageCache(key), [key]);
  const [, rerender] = useReducer((n: number) => n + 1, 0);
  const [total, setTotal] = useState(initialTotal);
  const [error, setError] = useState<{ key: string; message: string } | null>(null);

  useEffect(() => () => cache.abortAll(), [cache]);

  const load = useCallback(
    (page: number) => {
      const controller = new AbortController();
      cache.inflight.set(page, controller);
      const sort = query.sort ? `${query.sort.column} ${query.sort.dir}` : "";
      const filters = JSON.stringify(query.filters ?? []);
      const queryKey = queryKeys.rowsPage(query.datasetId, query.tableName, sort, page, filters);
      controller.signal.addEventListener("abort", () => void client.cancelQueries({ queryKey }));
      client
        .fetchQuery({
          queryKey,
          queryFn: ({ signal }) => getRows(query, page * PAGE_SIZE, PAGE_SIZE, signal),
          staleTime: 0,
          gcTime: 0,
        })
        .then((result) => {
          cache.put(page, result.rows);
          setTotal(result.total);
        })
        .catch((err: unknown) => {
          if (isAbort(err) || controller.signal.aborted) return;
          cache.failed.add(page);
          setError({ key, message: messageOf(err) });
        })
        .finally(() => {
          if (cache.inflight.get(page) === controller) cache.inflight.delete(page);
          if (!controller.signal.aborted) rerender();
        });
    },
    // `query` is represented by `key`; the cache is recreated whenever it changes.
    [cache, client],
  );

  const request = useCallback(
    (first: number, last: number) => {
      if (total === 0 || last < first) return;
      const firstPage = Math.floor(Math.max(0, first) / PAGE_SIZE);
      const lastPage = Math.floor(Math.min(total - 1, last) / PAGE_SIZE);
      cache.wanted = [firstPage, lastPage];
      cache.abortOutside(firstPage - 1, lastPage + 1);
      let started = false;
      for (let page = firstPage; page <= lastPage; page++) {
        if (cache.needs(page)) {
          load(page);
          started = true;
        }
      }
      if (started) rerender();
    },
    [cache, load, total],
  );

  const retry = useCallback(() => {
    cache.failed.clear();
    setError(null);
    const [first, last] = cache.wanted;
    request(first * PAGE_SIZE, (last + 1) * PAGE_SIZE - 1);
  }, [cache, request]);

  const getRow = useCallback(
    (index: number) => cache.pages.get(Math.floor(index / PAGE_SIZE))?.[index % PAGE_SIZE],
    [cache],
  );

  return {
    total,
    getRow,
    request,
    loading: cache.inflight.size > 0,
    error: error?.key === key ? error.message : null,
    retry,
  };
}
