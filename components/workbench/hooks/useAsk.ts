"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useCallback, useEffect, useRef, useState } from "react";
import { isAbort, messageOf } from "@/components/api/client";
import { queryKeys } from "@/components/api/queryKeys";
import type { TraceEvent } from "@/lib/core/trace";
import { type AskHandlers, alternativeStream, askStream } from "../api/askStream";
import type { StreamProblem } from "../api/traceStream";
import type { AskBody } from "../api/types";

type AskState = {
  status: "idle" | "running" | "done" | "error" | "cancelled";
  events: TraceEvent[];
  /** A refused request or a broken stream; a run that failed inside reports it as an error event. */
  error: string | null;
  /** Stream parts that were not valid events: skipped and listed, never shown as if they were. */
  problems: StreamProblem[];
};

type Streamed = Pick<AskState, "events" | "problems">;
type StreamRequest = (handlers: AskHandlers) => Promise<void>;
const EMPTY: Streamed = { events: [], problems: [] };

/**
 * One question at a time (asked, or re-answered with a picked reading), as a mutation: the run's
 * events stream into state as they arrive (each read of the body renders on its own, so the
 * timeline grows while the method works). However it
 * ends, the server stored the run: the dataset's run list is invalidated.
 */
export function useAsk(datasetId: string) {
  const client = useQueryClient();
  const [streamed, setStreamed] = useState<Streamed>(EMPTY);
  const [cancelled, setCancelled] = useState(false);
  const controller = useRef<AbortController | null>(null);
  useEffect(() => () => controller.current?.abort(), []);

  const mutation = useMutation({
    mutationFn: ({ request, signal }: { request: StreamRequest; signal: AbortSignal }) =>
      request({
        signal,
        onEvent: (event) => !signal.aborted && setStreamed((s) => ({ ...s, events: [...s.events, event] })),
        onProblem: (problem) => !signal.aborted && setStreamed((s) => ({ ...s, problems: [...s.problems, problem] })),
      }),
    onSettled: () => {
      void client.invalidateQueries({ queryKey: queryKeys.runs(datasetId) });
      // A picked reading is learned as it starts.
      void client.invalidateQueries({ queryKey: queryKeys.learned(datasetId) });
    },
  });
  const { mutate, reset } = mutation;

  const start = useCallback(
    (request: StreamRequest) => {
      controller.current?.abort();
      const ctrl = new AbortController();
      controller.current = ctrl;
      setStreamed(EMPTY);
      setCancelled(false);
      reset();
      mutate({ request, signal: ctrl.signal });
    },
    [mutate, reset],
  );
  const ask = useCallback(
    (body: AskBody) => start((handlers) => askStream(datasetId, body, handlers)),
    [start, datasetId],
  );
  /** Re-answers with alternative reading n of run `runId`: the new run streams in place of the old one. */
  const pick = useCallback(
    (runId: string, n: number) => start((handlers) => alternativeStream(runId, n, handlers)),
    [start],
  );

  const running = mutation.isPending;
  const cancel = useCallback(() => {
    controller.current?.abort();
    if (running) setCancelled(true);
  }, [running]);

  const aborted = mutation.isError && isAbort(mutation.error);
  const status: AskState["status"] = cancelled
    ? "cancelled"
    : running
      ? "running"
      : mutation.isSuccess
        ? "done"
        : mutation.isError && !aborted
          ? "error"
          : "idle";
  const error = status === "error" ? messageOf(mutation.error) : null;
  return { status, ...streamed, error, ask, pick, cancel };
}
