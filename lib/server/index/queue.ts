import "server-only";
import { EventEmitter } from "node:events";
import { isMainThread } from "node:worker_threads";
import { datasetChanged } from "@/lib/server/process/dataset-caches";
import { processSingleton } from "@/lib/server/process/singleton";
import { indexQueue } from "@/lib/server/pool/queues";
import { TaskCancelledError, WorkerCrashedError } from "@/lib/server/pool/run-task";
import { indexInThread } from "./index.task";
import type { RunOptions } from "./pipeline";

type QueueState = {
  /** Datasets waiting in the queue, and the one running (with its cancel). */
  waiting: Set<string>;
  running: { datasetId: string; controller: AbortController } | null;
  /** Datasets asked to re-run while their run was in flight. */
  again: Set<string>;
  /** Datasets whose indexing was cancelled before it started (they have no run to say so). */
  cancelledWaiting: Set<string>;
  /** Emits "ended" (datasetId) whenever a dataset's indexing ends or is dropped from the queue. */
  events: EventEmitter;
  options: Pick<RunOptions, "caps">;
};

// Next may load this module once per route bundle, but there must be one queue.
const state = processSingleton(
  "indexQueue",
  (): QueueState => ({
    waiting: new Set(),
    running: null,
    again: new Set(),
    cancelledWaiting: new Set(),
    events: new EventEmitter().setMaxListeners(0),
    options: {},
  }),
);

/** Whether imports start indexing by themselves (AUTO_INDEX=0 turns it off, e.g. for the ingest benchmark). */
export function autoIndexEnabled(): boolean {
  return process.env.AUTO_INDEX !== "0";
}

/**
 * Queues a dataset for indexing. Runs go one at a time, in the background worker thread; asking
 * again for a dataset that is waiting is a no-op, for one that is running queues one more run.
 */
export function scheduleIndexing(datasetId: string): void {
  state.cancelledWaiting.delete(datasetId);
  if (state.waiting.has(datasetId)) return;
  if (state.running?.datasetId === datasetId) {
    state.again.add(datasetId);
    return;
  }
  state.waiting.add(datasetId);
  void indexQueue().add(() => run(datasetId));
}

/**
 * Called after an import commits; a no-op when AUTO_INDEX=0, and in a worker thread (an import
 * thread's caller on the main thread queues the dataset when the import's task ends).
 */
export function indexAfterImport(datasetId: string): void {
  if (autoIndexEnabled() && isMainThread) scheduleIndexing(datasetId);
}

/**
 * Stops a dataset's waiting or running indexing at once (a user's cancel, or its dataset being
 * deleted): the read in flight is ended with the run. Returns whether anything was stopped.
 */
export function cancelIndexing(datasetId: string): boolean {
  const waiting = state.waiting.delete(datasetId) || state.again.delete(datasetId);
  if (state.running?.datasetId !== datasetId) {
    if (waiting) {
      state.cancelledWaiting.add(datasetId);
      state.events.emit("ended", datasetId);
    }
    return waiting;
  }
  state.running.controller.abort();
  return true;
}

/** Whether the dataset's indexing was cancelled while it waited (and not asked for again since). */
export function wasCancelledWaiting(datasetId: string): boolean {
  return state.cancelledWaiting.has(datasetId);
}

/** Waiting, or taken by the background thread but not yet begun (its run row is not written yet). */
export function isQueued(datasetId: string): boolean {
  return state.waiting.has(datasetId) || state.again.has(datasetId) || state.running?.datasetId === datasetId;
}

/** Resolves when nothing is waiting or running (tests, scripts). */
export function whenIndexingIdle(): Promise<void> {
  return indexQueue().onIdle();
}

/** Resolves the next time the dataset's indexing ends (or is dropped); rejects when `signal` aborts. */
export function whenIndexRunEnds(datasetId: string, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const done = (id: string) => {
      if (id !== datasetId) return;
      cleanup();
      resolve();
    };
    const abort = () => {
      cleanup();
      reject(signal?.reason ?? new Error("aborted"));
    };
    const cleanup = () => {
      state.events.off("ended", done);
      signal?.removeEventListener("abort", abort);
    };
    if (signal?.aborted) return abort();
    state.events.on("ended", done);
    signal?.addEventListener("abort", abort, { once: true });
  });
}

/** Options every queued run gets (tests lower caps with it). */
export function setQueueRunOptions(options: Pick<RunOptions, "caps">): void {
  state.options = options;
}

async function run(datasetId: string): Promise<void> {
  if (!state.waiting.delete(datasetId)) return; // cancelled while it waited
  const controller = new AbortController();
  state.running = { datasetId, controller };
  try {
    const end = await indexInThread(datasetId, state.options.caps, controller.signal);
    // runIndexing records its own failures; this is the app DB itself failing.
    if (!end.ok) console.error(`[tablesight] indexing ${datasetId} could not run:`, end.error);
  } catch (err) {
    // Its thread was stopped (out of memory, or a cancel it did not heed): the run cannot record
    // its own end, so it is failed here; the previous complete index stays in use.
    const message =
      err instanceof WorkerCrashedError || err instanceof TaskCancelledError
        ? err instanceof TaskCancelledError
          ? "Indexing was cancelled."
          : err.message
        : `Indexing could not run: ${err instanceof Error ? err.message : String(err)}`;
    if (!(err instanceof TaskCancelledError)) console.error(`[tablesight] indexing ${datasetId}:`, message);
    const { failCutOffRuns } = await import("./recovery");
    await failCutOffRuns(datasetId, message).catch((e) => console.error("[tablesight] could not record it:", e));
  } finally {
    state.running = null;
    // A new generation (or a failed run's notes) changes what every thread serves of the dataset.
    datasetChanged(datasetId);
    state.events.emit("ended", datasetId);
    if (state.again.delete(datasetId) && !controller.signal.aborted) scheduleIndexing(datasetId);
  }
}
