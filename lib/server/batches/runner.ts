import "server-only";
import type { BatchQuestion } from "@/db/schema";
import type { Reasoner } from "@/lib/core/trace";
import { whenIndexRunEnds } from "@/lib/server/index/queue";
import { getIndexStatus } from "@/lib/server/index/status";
import { batchQueue } from "@/lib/server/pool/queues";
import { processSingleton } from "@/lib/server/process/singleton";
import { getDataset } from "@/lib/server/stores/datasets";
import { runBatchQuestion } from "./run-item";
import {
  batchQuestions,
  cancelBatchRow,
  finishedKeys,
  getBatch,
  itemKey,
  recordItem,
  setBatchStatus,
  unfinishedBatchIds,
} from "./store";

/**
 * Runs batches in the background, one at a time (the batch queue) and one question at a time,
 * each question waiting behind every hand-asked one in the question queue and running on a worker
 * thread. Progress lives in the database (one row per finished question × method), so a reload
 * shows it and a restart resumes after the last finished item without running any again.
 */
type RunnerState = { queued: Set<string>; controllers: Map<string, AbortController> };

const state = processSingleton("batchRunner", (): RunnerState => ({ queued: new Set(), controllers: new Map() }));

/** Observes each item a batch runs (tests count them to prove nothing repeats). */
export type ItemListener = (batchId: string, questionId: string, method: string) => void;
const listeners = processSingleton("batchItemListeners", (): Set<ItemListener> => new Set());

export function onBatchItem(listener: ItemListener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Puts a batch in line; the queue starts it when the batch before it has ended. */
export function enqueueBatch(batchId: string): void {
  if (state.queued.has(batchId)) return;
  state.queued.add(batchId);
  const controller = new AbortController();
  state.controllers.set(batchId, controller);
  void batchQueue().add(async () => {
    try {
      if (!controller.signal.aborted) await runBatch(batchId, controller.signal);
    } catch (err) {
      if (!controller.signal.aborted) {
        console.error("[tablesight] batch failed", batchId, err);
        await setBatchStatus(batchId, "failed", err instanceof Error ? err.message : String(err)).catch(
          () => undefined,
        );
      }
    } finally {
      state.controllers.delete(batchId);
      state.queued.delete(batchId);
    }
  });
}

/** Server start: batches that were queued or running when the server stopped continue where they were. */
export async function resumeBatches(): Promise<string[]> {
  const ids = await unfinishedBatchIds();
  for (const id of ids) enqueueBatch(id);
  return ids;
}

/** Cancels a waiting or running batch: the question in flight is stopped and not recorded. */
export async function cancelBatch(batchId: string): Promise<boolean> {
  const cancelled = await cancelBatchRow(batchId);
  state.controllers.get(batchId)?.abort();
  return cancelled;
}

/** Resolves when the runner has nothing left to do (tests, scripts). */
export function runnerIdle(): Promise<void> {
  return batchQueue().onIdle();
}

/** Stops the batches without marking them (a simulated shutdown: they stay "running" to resume). */
export function stopRunnerForShutdown(): void {
  for (const c of state.controllers.values()) c.abort(new Error("shutdown"));
}

/** Waits for the dataset's first complete index; a reason to fail the batch when there will be none. */
async function waitForIndex(datasetId: string, signal: AbortSignal): Promise<string | null> {
  for (;;) {
    // Listening before reading the status: an index that ends in between still wakes this.
    const ended = whenIndexRunEnds(datasetId, signal);
    ended.catch(() => undefined);
    const index = await getIndexStatus(datasetId);
    if (index.generation !== null) return null;
    if (index.status === "failed") return `The dataset has no index: ${index.error ?? "indexing failed"}.`;
    if (!(await getDataset(datasetId))) return "The dataset was deleted.";
    await ended;
  }
}

async function runBatch(batchId: string, signal: AbortSignal): Promise<void> {
  const batch = await getBatch(batchId);
  if (!batch || (batch.status !== "queued" && batch.status !== "running")) return;
  const dataset = await getDataset(batch.datasetId);
  if (!dataset) return setBatchStatus(batchId, "failed", "The dataset of this batch was deleted.");
  // Questions need the dataset's index (a batch started right after an upload waits for it).
  const noIndex = await waitForIndex(batch.datasetId, signal);
  if (noIndex) return setBatchStatus(batchId, "failed", noIndex);
  await setBatchStatus(batchId, "running");
  const questions: BatchQuestion[] = await batchQuestions(batchId);
  const finished = await finishedKeys(batchId);
  for (const [position, question] of questions.entries()) {
    for (const method of batch.methods) {
      if (finished.has(itemKey(question.questionId, method))) continue;
      signal.throwIfAborted();
      // Each question gets its own signal, tied to the batch's, so listeners never pile up on one signal.
      const inFlight = linkedController(signal);
      let item: Awaited<ReturnType<typeof runBatchQuestion>>;
      try {
        item = await runBatchQuestion({
          dataset,
          question,
          position,
          method,
          reasoner: batch.reasoner as Reasoner,
          params: batch.params,
          signal: inFlight.signal,
        });
      } finally {
        inFlight.unlink();
      }
      // A question stopped by a cancel (or shutdown) is not a result.
      if (signal.aborted) return;
      await recordItem(batchId, item);
      for (const listener of listeners) listener(batchId, question.questionId, method);
    }
  }
  const latest = await getBatch(batchId);
  if (latest?.status === "running") await setBatchStatus(batchId, "done");
}

/** A controller aborted when `parent` aborts, until unlinked. */
function linkedController(parent: AbortSignal): { signal: AbortSignal; unlink: () => void } {
  const controller = new AbortController();
  const abort = () => controller.abort(parent.reason);
  if (parent.aborted) abort();
  else parent.addEventListener("abort", abort, { once: true });
  return { signal: controller.signal, unlink: () => parent.removeEventListener("abort", abort) };
}
