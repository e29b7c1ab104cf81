"use client";

import { useQueryClient } from "@tanstack/react-query";
import { useCallback, useEffect, useRef, useState } from "react";
import { isAbort, messageOf } from "@/components/api/client";
import { queryKeys } from "@/components/api/queryKeys";
import type { TraceEvent } from "@/lib/core/trace";
import { askStream } from "../api/askStream";
import type { StreamProblem } from "../api/traceStream";
import type { AskBody } from "../api/types";

export type AskState = {
  status: "idle" | "running" | "done" | "error" | "cancelled";
  events: TraceEvent[];
  /** A refused request or a broken stream; a run that failed inside reports it as an error event. */
  error: string | null;
  /** Stream parts that were not valid events: skipped and listed, never shown as if they were. */
  problems: StreamProblem[];
};

/**
 * One question at a time: streams the run's events into state as they arrive (each read of the
 * body renders on its own, so the timeline grows while the method works). However it ends, the
 * server stored the run: the dataset's run list is invalidated.
 */
export function useAsk(datasetId: string) {
  const client = useQueryClient();
  const runsChanged = useCallback(
    () => void client.invalidateQueries({ queryKey: queryKeys.runs(datasetId) }),
    [client, datasetId],
  );
  const [state, setState] = useState<AskState>({ status: "idle", events: [], error: null, problems: [] });
  const controller = useRef<AbortController | null>(null);
  useEffect(() => () => controller.current?.abort(), []);

  const ask = useCallback(
    async (body: AskBody) => {
      controller.current?.abort();
      const ctrl = new AbortController();
      controller.current = ctrl;
      setState({ status: "running", events: [], error: null, problems: [] });
      try {
        await askStream(datasetId, body, {
          signal: ctrl.signal,
          onEvent: (event) => setState((s) => ({ ...s, events: [...s.events, event] })),
          onProblem: (problem) => setState((s) => ({ ...s, problems: [...s.problems, problem] })),
        });
        if (!ctrl.signal.aborted) setState((s) => ({ ...s, status: "done" }));
      } catch (err) {
        if (isAbort(err) || ctrl.signal.aborted) return;
        setState((s) => ({ ...s, status: "error", error: messageOf(err) }));
      } finally {
        if (!ctrl.signal.aborted) runsChanged();
      }
    },
    [datasetId, runsChanged],
  );

  const cancel = useCallback(() => {
    controller.current?.abort();
    setState((s) => (s.status === "running" ? { ...s, status: "cancelled" } : s));
    runsChanged();
  }, [runsChanged]);

  return { ...state, ask, cancel };
}
