"use client";

import { useEffect, useMemo, useRef, useState } from "react";
import type { RunDetail } from "@/lib/core/api/runs";
import { buildRunView, type RunView } from "../model/runView";
import { useRun } from "../queries";
import type { useAsk } from "./useAsk";
import { useRunAddress } from "./useRunAddress";

type Live = ReturnType<typeof useAsk>;

const OTHER_DATASET = new Error("This run was asked of another dataset; open it from that dataset's page.");

/** What the workbench shows: the question streaming now, a stored run its address names, or nothing. */
export type ShownRun =
  | { kind: "none" }
  | { kind: "live"; view: RunView; runId: string | undefined }
  | { kind: "stored"; runId: string; view: RunView; run: RunDetail | undefined; error: unknown };

/**
 * Puts the run in the address and reads it back. A question's run id arrives with its first event
 * (run-start); the address then names it, so a reload, a shared link or Back reopens that run from
 * its stored events (read again while the server still marks it running). The live stream is shown
 * while the address names it (or before it has an id); any other run the address names is loaded.
 */
export function useShownRun(datasetId: string, live: Live): ShownRun & { ask: Live["ask"]; pick: Live["pick"] } {
  const address = useRunAddress(datasetId);
  const liveView = useMemo(() => buildRunView(live.events), [live.events]);
  const liveId = liveView.start?.runId;
  // The address when the current question was asked: before its id arrives, the stream is shown only there.
  const [askedAt, setAskedAt] = useState<string | null>(null);
  const named = useRef<string | null>(null);
  const { show } = address;
  useEffect(() => {
    if (!liveId || named.current === liveId) return;
    named.current = liveId;
    if (address.runId !== liveId) show(liveId);
  }, [liveId, address.runId, show]);

  const showLive = live.status !== "idle" && (liveId ? liveId === address.runId : (address.runId ?? null) === askedAt);
  const storedId = !showLive && address.runId ? address.runId : "";
  const stored = useRun(storedId, storedId !== "");
  // A run of another dataset is never shown under this one's title (the page's server redirects such
  // an address; this covers an address changed in the page itself).
  const foreign = stored.data && stored.data.datasetId !== datasetId ? stored.data : null;
  const storedEvents = foreign ? undefined : stored.data?.events;
  const storedView = useMemo(() => buildRunView(storedEvents ?? []), [storedEvents]);
  const ask: Live["ask"] = (body) => {
    setAskedAt(address.runId);
    live.ask(body);
  };
  const pick: Live["pick"] = (runId, n) => {
    setAskedAt(address.runId);
    live.pick(runId, n);
  };

  if (showLive) return { kind: "live", view: liveView, runId: liveId, ask, pick };
  if (storedId && foreign)
    return { kind: "stored", runId: storedId, view: storedView, run: undefined, error: OTHER_DATASET, ask, pick };
  if (storedId)
    return { kind: "stored", runId: storedId, view: storedView, run: stored.data, error: stored.error, ask, pick };
  return { kind: "none", ask, pick };
}
