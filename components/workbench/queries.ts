"use client";

import { useQuery } from "@tanstack/react-query";
import { queryKeys } from "@/components/api/queryKeys";
import { getMethods, getReasoners, getRun, listRuns } from "./api/endpoints";

/** How often a stored run (or a list holding one) still marked running is read again until it ends. */
const RUNNING_POLL_MS = 750;

/** The methods as the server offers them for this dataset (each with what the dataset lacks for it). */
export function useMethods(datasetId: string) {
  return useQuery({
    queryKey: queryKeys.methods(datasetId),
    queryFn: ({ signal }) => getMethods(datasetId, signal),
  });
}

export function useReasoners() {
  return useQuery({ queryKey: queryKeys.reasoners(), queryFn: ({ signal }) => getReasoners(signal) });
}

/**
 * The dataset's past runs; a finished question invalidates it. While one is still marked running
 * (a page reloaded right after its answer, before the server recorded the end) it is read again,
 * so no run stays "running" on screen after it ended.
 */
export function useRuns(datasetId: string) {
  return useQuery({
    queryKey: queryKeys.runs(datasetId),
    queryFn: ({ signal }) => listRuns(datasetId, signal),
    refetchInterval: (q) => (q.state.data?.some((r) => r.status === "running") ? RUNNING_POLL_MS : false),
  });
}

/**
 * One stored run with its events. A run still running (opened while another tab streams it, or
 * reloaded mid-stream) is read again until the server records its end, so its events keep coming.
 */
export function useRun(runId: string, enabled = true) {
  return useQuery({
    queryKey: queryKeys.run(runId),
    queryFn: ({ signal }) => getRun(runId, signal),
    enabled: enabled && runId !== "",
    refetchInterval: (q) => (q.state.data?.status === "running" ? RUNNING_POLL_MS : false),
  });
}
