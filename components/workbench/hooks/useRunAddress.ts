"use client";

import { useSearchParams } from "next/navigation";
import { useCallback } from "react";

/** The address of the ask workbench showing one run: a reload or a shared link reopens that run. */
function runAddress(datasetId: string, runId: string): string {
  return `/datasets/${encodeURIComponent(datasetId)}/ask?${new URLSearchParams({ run: runId })}`;
}

/**
 * The run the workbench's address names (`?run=<id>`), and `show` to name another one. `show`
 * pushes a history entry (Next keeps useSearchParams in step with the native pushState), so every
 * question asked is one Back step, like a search, and the page is not reloaded while it streams.
 */
export function useRunAddress(datasetId: string) {
  const search = useSearchParams();
  const runId = search.get("run");
  const show = useCallback((id: string) => window.history.pushState(null, "", runAddress(datasetId, id)), [datasetId]);
  return { runId, show };
}
