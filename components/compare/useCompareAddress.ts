"use client";

import { useSearchParams } from "next/navigation";
import { useEffect, useRef, useState } from "react";
import type { CompareBody } from "./api";
import type { Lane } from "./model";
import type { useCompareStream } from "./useCompareStream";
import { useStoredCompare } from "./useStoredCompare";

const NO_LANES: Lane[] = [];

/**
 * Puts the compare in the compare page's address (`?compare=<id>`, pushed once its id arrives at
 * the stream's start) and reads it back: a reload, a shared link or Back shows the same compare
 * from its runs' stored events, with its question, methods and reasoner in the form.
 */
export function useCompareAddress(datasetId: string, live: ReturnType<typeof useCompareStream>) {
  const addressed = useSearchParams().get("compare");
  const named = useRef<string | null>(null);
  const [askedAt, setAskedAt] = useState<string | null>(null);
  useEffect(() => {
    const id = live.compareId;
    if (!id || named.current === id) return;
    named.current = id;
    const url = `/datasets/${encodeURIComponent(datasetId)}/compare?${new URLSearchParams({ compare: id })}`;
    if (addressed !== id) window.history.pushState(null, "", url);
  }, [live.compareId, addressed, datasetId]);

  const showLive =
    live.lanes.length > 0 && (live.compareId ? live.compareId === addressed : (addressed ?? null) === askedAt);
  const storedId = !showLive && addressed ? addressed : "";
  const stored = useStoredCompare(storedId);
  const start = (body: CompareBody) => {
    setAskedAt(addressed);
    live.start(body);
  };
  if (showLive) return { compareId: live.compareId, lanes: live.lanes, start, error: null, preset: undefined };
  const compare = stored.compare;
  return {
    compareId: storedId || null,
    lanes: stored.lanes ?? NO_LANES,
    start,
    error: stored.error,
    preset: compare
      ? {
          id: compare.compareId,
          question: compare.question,
          methods: compare.runs.map((r) => r.method),
          reasoner: compare.reasoner,
        }
      : undefined,
  };
}
