"use client";

import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { queryKeys } from "@/components/api/queryKeys";
import { getColumns, getJoins, getSchemaGraph } from "./api";

/**
 * Views of the dataset's index, keyed by the served generation (`indexKey`). The previous
 * generation's data stays on screen while the next one loads, so a view does not blank out.
 */
export function useSchemaGraph(datasetId: string, indexKey: string) {
  return useQuery({
    queryKey: queryKeys.schemaGraph(datasetId, indexKey),
    queryFn: ({ signal }) => getSchemaGraph(datasetId, signal),
    placeholderData: keepPreviousData,
  });
}

export function useColumns(datasetId: string, indexKey: string) {
  return useQuery({
    queryKey: queryKeys.columns(datasetId, indexKey),
    queryFn: ({ signal }) => getColumns(datasetId, signal),
    placeholderData: keepPreviousData,
  });
}

export function useJoins(datasetId: string, indexKey: string) {
  return useQuery({
    queryKey: queryKeys.joins(datasetId, indexKey),
    queryFn: ({ signal }) => getJoins(datasetId, signal),
    placeholderData: keepPreviousData,
  });
}
