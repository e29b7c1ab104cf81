"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { queryKeys } from "@/components/api/queryKeys";
import { useCallback, useRef, useState } from "react";
import type { CompareStreamPart } from "@/lib/core/api/compare";
import { type CompareBody, compareStream } from "./api";
import type { Lane } from "./model";

/**
 * Runs a compare and keeps each method's events as they stream. Parts are buffered and applied
 * once per animation frame, so four chatty methods cost one render per frame, not per event.
 */
export function useCompareStream(datasetId: string) {
  const [lanes, setLanes] = useState<Lane[]>([]);
  const [compareId, setCompareId] = useState<string | null>(null);
  const pending = useRef<CompareStreamPart[]>([]);
  const frame = useRef<number | null>(null);
  const controller = useRef<AbortController | null>(null);
  const client = useQueryClient();

  const flush = useCallback(() => {
    frame.current = null;
    const parts = pending.current.splice(0);
    if (!parts.length) return;
    setLanes((old) => {
      const next = old.map((l) => ({ ...l, events: [...l.events] }));
      for (const p of parts) {
        let lane = next.find((l) => l.runId === p.runId);
        if (!lane) next.push((lane = { method: p.method, runId: p.runId, events: [] }));
        lane.events.push(p.event);
      }
      return next;
    });
  }, []);

  const mutation = useMutation({
    mutationFn: async (body: CompareBody) => {
      controller.current?.abort();
      const abort = new AbortController();
      controller.current = abort;
      setLanes(body.methods.map((method) => ({ method, runId: `pending-${method}`, events: [] })));
      setCompareId(null);
      await compareStream(datasetId, body, {
        signal: abort.signal,
        onStart: setCompareId,
        onPart: (part) => {
          // The placeholder lane of a method becomes its run once the first event names it.
          setLanes((old) =>
            old.some((l) => l.runId === `pending-${part.method}`)
              ? old.map((l) => (l.runId === `pending-${part.method}` ? { ...l, runId: part.runId } : l))
              : old,
          );
          pending.current.push(part);
          frame.current ??= requestAnimationFrame(flush);
        },
      });
      flush();
    },
    // The compare's runs join the dataset's run list.
    onSettled: () => client.invalidateQueries({ queryKey: queryKeys.runs(datasetId) }),
  });

  return {
    lanes,
    compareId,
    running: mutation.isPending,
    error: mutation.error ? mutation.error.message : null,
    start: mutation.mutate,
    cancel: () => controller.current?.abort(),
  };
}
