"use client";

import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useCallback } from "react";
import type { DatasetSummary } from "@/lib/core/model/dataset";
import { messageOf } from "@/components/api/client";
import { listDatasets } from "@/components/api/endpoints";
import { queryKeys } from "@/components/api/queryKeys";

export interface DatasetsState {
  datasets: DatasetSummary[] | null;
  error: string | null;
  loading: boolean;
  reload: () => void;
  /** Local updates so the row changes at once; the list is invalidated to pick up anything else. */
  replace: (dataset: DatasetSummary) => void;
  remove: (id: string) => void;
}

/** The dataset list (one query, shared by every view that lists datasets). */
export function useDatasets(): DatasetsState {
  const client = useQueryClient();
  const query = useQuery({ queryKey: queryKeys.datasets(), queryFn: ({ signal }) => listDatasets(signal) });
  const key = queryKeys.datasets();
  const reload = useCallback(() => void query.refetch(), [query.refetch]);
  const replace = useCallback(
    (dataset: DatasetSummary) => {
      client.setQueryData<DatasetSummary[]>(key, (list) =>
        list?.map((d) => (d.id === dataset.id ? { ...d, ...dataset } : d)),
      );
      void client.invalidateQueries({ queryKey: queryKeys.dataset(dataset.id) });
      void client.invalidateQueries({ queryKey: key, exact: true });
    },
    [client],
  );
  const remove = useCallback(
    (id: string) => {
      client.setQueryData<DatasetSummary[]>(key, (list) => list?.filter((d) => d.id !== id));
      client.removeQueries({ queryKey: queryKeys.dataset(id) });
      void client.invalidateQueries({ queryKey: key, exact: true });
    },
    [client],
  );
  return {
    datasets: query.data ?? null,
    error: query.error ? messageOf(query.error) : null,
    loading: query.isFetching,
    reload,
    replace,
    remove,
  };
}
