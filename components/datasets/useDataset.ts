"use client";

import { queryOptions, useQuery } from "@tanstack/react-query";
import { getDataset } from "@/components/api/endpoints";
import { queryKeys } from "@/components/api/queryKeys";
import type { DatasetWithIndex } from "@/components/index/types";

/**
 * One dataset's detail (tables and index status). The dataset page, the index status poll, the
 * workbench and a run's page share this query, so a poll or a re-import updates all of them.
 */
export const datasetQuery = (id: string) =>
  queryOptions({
    queryKey: queryKeys.datasetDetail(id),
    queryFn: ({ signal }) => getDataset(id, signal) as Promise<DatasetWithIndex>,
  });

export function useDataset(id: string) {
  return useQuery(datasetQuery(id));
}

/** A dataset's name for breadcrumbs ("Dataset" until it loads, or when there is no id yet). */
export function useDatasetName(id: string | undefined): string {
  const q = useQuery({ ...datasetQuery(id ?? ""), enabled: Boolean(id) });
  return q.data?.name ?? "Dataset";
}
