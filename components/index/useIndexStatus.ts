"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { messageOf } from "@/components/api/client";
import { queryKeys } from "@/components/api/queryKeys";
import { datasetQuery } from "@/components/datasets/useDataset";
import { cancelIndex, startReindex } from "./api";
import type { DatasetWithIndex, IndexInfo, IndexStage } from "./types";

const POLL_MS = 1000;

export const isActive = (index: IndexInfo | null | undefined) =>
  index?.status === "pending" || index?.status === "running";

const restart = (s: IndexStage): IndexStage => ({ ...s, status: "pending", done: 0, ms: 0, notes: [] });

export interface IndexStatusState {
  index: IndexInfo | null;
  reindex: () => void;
  cancel: () => void;
  starting: boolean;
  cancelling: boolean;
  startError: string | null;
  pollError: string | null;
}

/**
 * The dataset's index status: the dataset query (shared with the page) polled about once a second
 * while indexing is pending or running. A failed poll keeps the last status and is retried at the
 * next tick (the server may be busy indexing); its message is kept for the panel.
 */
export function useIndexStatus(datasetId: string): IndexStatusState {
  const client = useQueryClient();
  const key = queryKeys.datasetDetail(datasetId);
  const query = useQuery({
    ...datasetQuery(datasetId),
    refetchInterval: (q) => (isActive(q.state.data?.index) ? POLL_MS : false),
    refetchIntervalInBackground: true,
  });
  const setIndex = (update: (index: IndexInfo | null) => IndexInfo | null) =>
    client.setQueryData<DatasetWithIndex>(key, (d) => (d ? { ...d, index: update(d.index ?? null) } : d));

  const reindex = useMutation({
    mutationFn: () => startReindex(datasetId),
    // The server answers the new status; without it, show pending until the next poll.
    onSuccess: (next) =>
      setIndex(
        (i) => next ?? { generation: i?.generation ?? null, stages: (i?.stages ?? []).map(restart), status: "pending" },
      ),
  });
  const cancel = useMutation({
    mutationFn: () => cancelIndex(datasetId),
    onSuccess: (next) => next && setIndex(() => next),
  });
  const failed = reindex.error ?? cancel.error;

  return {
    index: query.data?.index ?? null,
    reindex: () => {
      cancel.reset();
      reindex.mutate();
    },
    cancel: () => {
      reindex.reset();
      cancel.mutate();
    },
    starting: reindex.isPending,
    cancelling: cancel.isPending,
    startError: failed ? messageOf(failed) : null,
    pollError: query.error && query.data ? messageOf(query.error) : null,
  };
}
