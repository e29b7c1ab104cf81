import "server-only";
import type { BatchQuestion } from "@/db/schema";
import type { Reasoner } from "@/lib/core/trace";
import type { AskMethod } from "@/lib/server/ask/ask-request";
import { processSingleton } from "@/lib/server/process/singleton";
import { waitForBatchTurn } from "@/lib/server/runs/question-queue";
import { getIndexStatus } from "@/lib/server/index/status";
import { getDataset } from "@/lib/server/stores/datasets";
import { goldOf, type QuestionGold } from "./gold";
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
 * Runs batches in the background, one at a time and one question at a time, each question
 * waiting its turn in the app's question queue. Progress lives in the database (one row per
 * finished question × method), so a reload shows it and a restart resumes after the last
 * finished item without running any again.
 */
type RunnerState = { queue: string[]; running: string | null; controllers: Map<string, AbortController> };

const state = processSingleton(
  "batchRunner",
  (): RunnerState => ({ queue: [], running: null, controllers: new Map() }),
);

/** Observes each item a batch runs (tests count them to prove nothing repeats). */
export type ItemListener = (batchId: string, questionId: string, method: string) => void;
const listeners = processSingleton("batchItemListeners", (): Set<ItemListener> => new Set());

export function onBatchItem(listener: ItemListener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Puts a batch in line; the runner starts if idle. */
export function enqueueBatch(batchId: string): void {
  if (state.running === batchId || state.queue.includes(batchId)) return;
  state.queue.push(batchId);
  if (state.running === null) void drain();
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
  state.queue = state.queue.filter((id) => id !== batchId);
  state.controllers.get(batchId)?.abort();
  return cancelled;
}

/** Resolves when the runner has nothing left to do (tests). */
export async function runnerIdle(): Promise<void> {
  while (state.running !== null || state.queue.length) await new Promise((r) => setTimeout(r, 20));
}

/** Stops the batch in flight without marking it (a simulated shutdown: it stays "running" to resume). */
export function stopRunnerForShutdown(): void {
  state.queue = [];
  for (const c of state.controllers.values()) c.abort(new Error("shutdown"));
}

async function drain(): Promise<void> {
  while (state.queue.length) {
    const id = state.queue.shift()!;
    state.running = id;
    const controller = new AbortController();
    state.controllers.set(id, controller);
    try {
      await runBatch(id, controller.signal);
    } catch (err) {
      if (!controller.signal.aborted) {
        console.error("[tablesight] batch failed", id, err);
        await setBatchStatus(id, "failed", err instanceof Error ? err.message : String(err)).catch(() => undefined);
      }
    } finally {
      state.controllers.delete(id);
      state.running = null;
    }
  }
}

async function runBatch(batchId: string, signal: AbortSignal): Promise<void> {
  const batch = await getBatch(batchId);
  if (!batch || (batch.status !== "queued" && batch.status !== "running")) return;
  const dataset = await getDataset(batch.datasetId);
  if (!dataset) return setBatchStatus(batchId, "failed", "The dataset of this batch was deleted.");
  // Questions need the dataset's index (a batch started right after an upload waits for it).
  for (;;) {
    const index = await getIndexStatus(batch.datasetId);
    if (index.generation !== null) break;
    if (index.status === "failed")
      return setBatchStatus(batchId, "failed", `The dataset has no index: ${index.error ?? "indexing failed"}.`);
    if (!(await getDataset(batch.datasetId))) return setBatchStatus(batchId, "failed", "The dataset was deleted.");
    await new Promise((resolve) => setTimeout(resolve, 1000));
    signal.throwIfAborted();
  }
  await setBatchStatus(batchId, "running");
  const questions: BatchQuestion[] = await batchQuestions(batchId);
  const finished = await finishedKeys(batchId);
  for (const [position, question] of questions.entries()) {
    let gold: QuestionGold | null = null;
    for (const method of batch.methods) {
      if (finished.has(itemKey(question.questionId, method))) continue;
      await waitForBatchTurn(signal);
      // Each question gets its own signal, tied to the batch's: the SQL pool leaves a listener on
      // every signal it is given, which on one batch-wide signal would pile up over 1,000 questions.
      const inFlight = linkedController(signal);
      let item: Awaited<ReturnType<typeof runBatchQuestion>>;
      try {
        if (question.goldSql && !gold) gold = await goldOf(dataset, question.goldSql, inFlight.signal);
        item = await runBatchQuestion({
          dataset,
          question,
          position,
          method: method as AskMethod,
          reasoner: batch.reasoner as Reasoner,
          params: batch.params,
          gold,
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
