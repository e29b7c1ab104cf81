"use client";

import { useQuery } from "@tanstack/react-query";
import { ApiError } from "@/components/api/client";
import { getImportProgress } from "@/components/api/endpoints";
import { queryKeys } from "@/components/api/queryKeys";
import type { ImportProgress } from "@/components/api/types";

const POLL_MS = 300;

/**
 * Polls the import's progress while `uploadId` is set. A 404 only means the server has not seen the
 * upload yet, and a failed poll is not fatal: the POST itself reports the outcome. Polling stops
 * once the import is no longer running, or on an error that is not the server's answer.
 */
export function useImportPolling(uploadId: string | null): ImportProgress | null {
  const query = useQuery({
    queryKey: queryKeys.importProgress(uploadId ?? ""),
    queryFn: ({ signal }) => getImportProgress(uploadId ?? "", signal),
    enabled: uploadId !== null,
    retry: false,
    refetchIntervalInBackground: true,
    refetchInterval: (q) => {
      if (q.state.data && q.state.data.state !== "running") return false;
      if (q.state.error && !(q.state.error instanceof ApiError)) return false;
      return POLL_MS;
    },
  });
  return uploadId === null ? null : (query.data ?? null);
}
