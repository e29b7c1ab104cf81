"use client";

import { useQueries, useQuery } from "@tanstack/react-query";
import { queryKeys } from "@/components/api/queryKeys";
import { getRun } from "@/components/workbench/api/endpoints";
import { getCompare } from "./api";
import type { Lane } from "./model";

/** How often a stored compare's runs still marked running are read again until they end. */
const RUNNING_POLL_MS = 750;

/**
 * A stored compare and its methods' lanes, from the runs' stored events ("" loads nothing). Runs
 * still running on the server (a page reloaded mid-compare) are read again until they end.
 */
export function useStoredCompare(compareId: string) {
  const compare = useQuery({
    queryKey: queryKeys.compare(compareId),
    queryFn: ({ signal }) => getCompare(compareId, signal),
    enabled: compareId !== "",
  });
  const runs = useQueries({
    queries: (compare.data?.runs ?? []).map((r) => ({
      queryKey: queryKeys.run(r.runId),
      queryFn: ({ signal }: { signal: AbortSignal }) => getRun(r.runId, signal),
      refetchInterval: (q: { state: { data?: { status: string } } }) =>
        q.state.data?.status === "running" ? RUNNING_POLL_MS : false,
    })),
  });
  const lanes: Lane[] | null =
    compare.data && !runs.some((r) => r.isPending)
      ? compare.data.runs.map((r, i) => ({ method: r.method, runId: r.runId, events: runs[i].data?.events ?? [] }))
      : null;
  return { compare: compare.data, lanes, error: compare.error ?? runs.find((r) => r.error)?.error ?? null };
}
