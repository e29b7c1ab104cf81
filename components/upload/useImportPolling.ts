"use client";

import { useEffect, useState } from "react";
import { ApiError, isAbort } from "@/components/api/client";
import { getImportProgress } from "@/components/api/endpoints";
import type { ImportProgress } from "@/components/api/types";

const POLL_MS = 300;

/**
 * Polls the import's progress while `uploadId` is set. A 404 only means the server has not seen the
 * upload yet, and a failed poll is not fatal: the POST itself reports the outcome.
 */
export function useImportPolling(uploadId: string | null): ImportProgress | null {
  const [progress, setProgress] = useState<{ id: string; value: ImportProgress } | null>(null);

  useEffect(() => {
    if (!uploadId) return;
    const controller = new AbortController();
    let timer: ReturnType<typeof setTimeout> | undefined;

    const tick = async () => {
      try {
        const value = await getImportProgress(uploadId, controller.signal);
        setProgress({ id: uploadId, value });
        if (value.state !== "running") return;
      } catch (err) {
        if (isAbort(err)) return;
        if (!(err instanceof ApiError)) return;
      }
      timer = setTimeout(tick, POLL_MS);
    };
    void tick();

    return () => {
      controller.abort();
      clearTimeout(timer);
    };
  }, [uploadId]);

  return progress && progress.id === uploadId ? progress.value : null;
}
