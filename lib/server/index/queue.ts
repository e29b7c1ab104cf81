import "server-only";
import { processSingleton } from "@/lib/server/process/singleton";
import { runIndexing, type RunOptions } from "./pipeline";

type QueueState = {
  waiting: string[];
  running: { datasetId: string; token: { cancelled: boolean }; controller: AbortController } | null;
  /** Datasets asked to re-run while their run was in flight. */
  again: Set<string>;
  /** Datasets whose indexing was cancelled before it started (they have no run to say so). */
  cancelledWaiting: Set<string>;
  idle: Array<() => void>;
  options: RunOptions;
};

// Next may load this module once per route bundle, but there must be one worker.
const state = processSingleton(
  "indexQueue",
  (): QueueState => ({
    waiting: [],
    running: null,
    again: new Set(),
    cancelledWaiting: new Set(),
    idle: [],
    options: {},
  }),
);

/** Whether imports start indexing by themselves (AUTO_INDEX=0 turns it off, e.g. for the ingest benchmark). */
export function autoIndexEnabled(): boolean {
  return process.env.AUTO_INDEX !== "0";
}

/**
 * Queues a dataset for indexing. Runs go one at a time in this process, in the background;
 * asking again for a dataset that is waiting is a no-op, for one that is running queues one more run.
 */
export function scheduleIndexing(datasetId: string): void {
  state.cancelledWaiting.delete(datasetId);
  if (state.waiting.includes(datasetId)) return;
  if (state.running?.datasetId === datasetId) state.again.add(datasetId);
  else state.waiting.push(datasetId);
  setImmediate(work);
}

/** Called after an import commits; a no-op when AUTO_INDEX=0. */
export function indexAfterImport(datasetId: string): void {
  if (autoIndexEnabled()) scheduleIndexing(datasetId);
}

/**
 * Stops a dataset's waiting or running indexing at once (a user's cancel, or its dataset being
 * deleted): the read in flight is ended by killing its worker. Returns whether anything was stopped.
 */
export function cancelIndexing(datasetId: string): boolean {
  const waiting = state.waiting.includes(datasetId) || state.again.has(datasetId);
  state.waiting = state.waiting.filter((id) => id !== datasetId);
  state.again.delete(datasetId);
  if (state.running?.datasetId !== datasetId) {
    if (waiting) state.cancelledWaiting.add(datasetId);
    return waiting;
  }
  state.running.token.cancelled = true;
  state.running.controller.abort();
  return true;
}

/** Whether the dataset's indexing was cancelled while it waited (and not asked for again since). */
export function wasCancelledWaiting(datasetId: string): boolean {
  return state.cancelledWaiting.has(datasetId);
}

export function isQueued(datasetId: string): boolean {
  return state.waiting.includes(datasetId) || state.again.has(datasetId);
}

/** Resolves when nothing is waiting or running (tests, scripts). */
export function whenIndexingIdle(): Promise<void> {
  if (!state.running && state.waiting.length === 0) return Promise.resolve();
  return new Promise((resolve) => state.idle.push(resolve));
}

/** Options every queued run gets (tests lower caps with it). */
export function setQueueRunOptions(options: RunOptions): void {
  state.options = options;
}

async function work(): Promise<void> {
  if (state.running) return;
  const datasetId = state.waiting.shift();
  if (!datasetId) {
    for (const resolve of state.idle.splice(0)) resolve();
    return;
  }
  const token = { cancelled: false };
  const controller = new AbortController();
  state.running = { datasetId, token, controller };
  try {
    await runIndexing(datasetId, { ...state.options, token, signal: controller.signal });
  } catch (err) {
    // runIndexing records its own failures; this is the app DB itself failing.
    console.error(`[tablesight] indexing ${datasetId} could not run:`, err);
  } finally {
    state.running = null;
    if (state.again.delete(datasetId) && !token.cancelled) state.waiting.push(datasetId);
    setImmediate(work);
  }
}
