"use client";

import { useQuery } from "@tanstack/react-query";
import { queryKeys } from "@/components/api/queryKeys";
import { getBipartite, getPassages, searchPassages } from "./api";

/** The dataset's bipartite graph G_d (rows ↔ passages); adding passages invalidates it. */
export function useBipartite(datasetId: string) {
  return useQuery({
    queryKey: queryKeys.bipartite(datasetId),
    queryFn: ({ signal }) => getBipartite(datasetId, signal),
  });
}

/** The first page of passages matching `query` (empty: all of them). */
export function usePassageSearch(datasetId: string, query: string) {
  return useQuery({
    queryKey: queryKeys.passageSearch(datasetId, query),
    queryFn: ({ signal }) => searchPassages(datasetId, query, 0, signal),
  });
}

/** Passages by node id, with their whole text. */
export function usePassages(datasetId: string, ids: readonly string[]) {
  return useQuery({
    queryKey: queryKeys.passagesById(datasetId, ids),
    queryFn: ({ signal }) => getPassages(datasetId, [...ids], signal),
  });
}
