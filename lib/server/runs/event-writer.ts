import "server-only";
import type { TraceEvent } from "@/lib/core/trace";
import { storeEvents } from "./event-store";

export type EventWriterOptions = {
  /** Flush once this many events are waiting… */
  maxBatch?: number;
  /** …or this long after the first waiting event. */
  maxDelayMs?: number;
  /** Storing is best effort: a failure is reported once and later events are dropped. */
  onError?: (error: unknown) => void;
};

export interface EventWriter {
  push(event: TraceEvent): void;
  /** Flushes what is left and waits for every write; never rejects. */
  close(): Promise<void>;
}

/**
 * Stores a run's events in batches while it runs. One INSERT per event would make a chatty
 * method wait on the disk; batching by count and time (and gathering runs' batches into shared
 * transactions, ./event-store.ts) keeps writes few and a crash loses at most a fraction of a
 * second. Writes wait for `ready` (the run row) and run one at a time so events land in order.
 */
export function createEventWriter(
  runId: string,
  ready: Promise<unknown>,
  options: EventWriterOptions = {},
): EventWriter {
  const maxBatch = options.maxBatch ?? 100;
  const maxDelayMs = options.maxDelayMs ?? 250;
  let pending: TraceEvent[] = [];
  let timer: ReturnType<typeof setTimeout> | null = null;
  let failed = false;
  let chain: Promise<void> = ready.then(
    () => undefined,
    (err) => fail(err),
  );

  function fail(err: unknown) {
    if (!failed) options.onError?.(err);
    failed = true;
  }

  function flush(last = false) {
    if (timer) clearTimeout(timer);
    timer = null;
    if (pending.length === 0) return;
    const batch = pending;
    pending = [];
    chain = chain.then(async () => {
      if (failed) return;
      try {
        await storeEvents(runId, batch, { now: last });
      } catch (err) {
        fail(err);
      }
    });
  }

  return {
    push(event) {
      pending.push(event);
      if (pending.length >= maxBatch) flush();
      else timer ??= setTimeout(flush, maxDelayMs);
    },
    async close() {
      flush(true);
      await chain;
    },
  };
}
