"use client";

import { useCallback, useEffect, useState } from "react";
import { isAbort, messageOf } from "@/components/api/client";
import { getDataset } from "@/components/api/endpoints";
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
 * The dataset's index status, polled about once a second while indexing is pending or running.
 * A failed poll is retried (the server may be busy indexing); its message is kept for the panel.
 */
export function useIndexStatus(datasetId: string, initial: IndexInfo | null | undefined): IndexStatusState {
  const [index, setIndex] = useState<IndexInfo | null>(initial ?? null);
  const [starting, setStarting] = useState(false);
  const [cancelling, setCancelling] = useState(false);
  const [startError, setStartError] = useState<string | null>(null);
  const [pollError, setPollError] = useState<string | null>(null);
  const [polls, setPolls] = useState(0);
  const active = isActive(index);

  useEffect(() => {
    if (!active) return;
    const controller = new AbortController();
    const timer = setTimeout(() => {
      getDataset(datasetId, controller.signal)
        .then((d) => {
          setIndex((d as DatasetWithIndex).index ?? null);
          setPollError(null);
        })
        .catch((err: unknown) => {
          if (!isAbort(err)) setPollError(messageOf(err));
        })
        .finally(() => setPolls((n) => n + 1));
    }, POLL_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [datasetId, active, polls]);

  const reindex = useCallback(() => {
    setStarting(true);
    setStartError(null);
    startReindex(datasetId)
      // The server answers the new status; without it, show pending until the next poll.
      .then((next) =>
        setIndex(
          (i) =>
            next ?? { generation: i?.generation ?? null, stages: (i?.stages ?? []).map(restart), status: "pending" },
        ),
      )
      .catch((err: unknown) => setStartError(messageOf(err)))
      .finally(() => setStarting(false));
  }, [datasetId]);

  const cancel = useCallback(() => {
    setCancelling(true);
    setStartError(null);
    cancelIndex(datasetId)
      .then((next) => next && setIndex(next))
      .catch((err: unknown) => setStartError(messageOf(err)))
      .finally(() => setCancelling(false));
  }, [datasetId]);

  return { index, reindex, cancel, starting, cancelling, startError, pollError };
}
