import "server-only";
import type { RunConstraints } from "@/lib/core/retrieval/constraints/types";
import { activeLlm } from "@/lib/server/llm";
import type { LoadedDataset } from "@/lib/server/methods/run-options";
import type { RetrievalPortOptions } from "@/lib/server/retrieval/ports";
import type { BatchScoring, MethodTaskEnd } from "@/lib/server/pool/protocol";
import { datasetVersion } from "@/lib/server/process/dataset-caches";
import { processSingleton } from "@/lib/server/process/singleton";
import { PRIORITY, questionQueue } from "@/lib/server/pool/queues";
import { addUntilSettled } from "@/lib/server/pool/queue-slot";
import { runPoolTask } from "@/lib/server/pool/run-task";
import { questionsOf } from "@/lib/server/pool/thread-pools";
import type { ExecuteMethod, RunSpec } from "./execute-run";

/** A run's failure as the worker described it (its code is what the run's `error` event carries). */
export class RunFailedError extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = "RunFailedError";
  }
}

/** Observes every run's end as its worker reported it (tests count the worker's dataset loads with it). */
export type PoolRunListener = (spec: RunSpec, end: MethodTaskEnd) => void;
const listeners = processSingleton("poolRunListeners", (): Set<PoolRunListener> => new Set());

export function onPoolRunEnd(listener: PoolRunListener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export type PoolExecutionOptions = {
  /** The run's dataset, loaded once by the route; the worker builds its context from it. */
  dataset: LoadedDataset;
  constraints?: RunConstraints;
  /** Which learned answers the reasoner reads (lib/server/retrieval/ports.ts); default all. */
  learned?: RetrievalPortOptions["learned"];
  /** A batch question: it waits behind every hand-asked question, and is scored in its worker. */
  batch?: BatchScoring;
  /** Called with the worker's end of the task (a batch reads its score from it). */
  onEnd?: (end: MethodTaskEnd) => void;
};

/**
 * A run's execution on the worker pool: the question waits its turn in the question queue (hand-
 * asked ones first), then a worker thread runs the method, judges its answer and posts every event
 * back to this thread's recorder as it is emitted. Cancelling the run (its signal) cancels the
 * task: dropped while it waits, told to stop (with its SQL) while it runs.
 */
export function executeInPool(spec: RunSpec, options: PoolExecutionOptions): ExecuteMethod {
  return async (sink, { signal }) => {
    const { dataset } = options;
    // Resolved here, once per run: the settings live in the app database, the key is opened here.
    const llm = spec.reasoner === "llm" ? (await activeLlm()).config : undefined;
    // The slot is held until the task has ended, cancelled or not: its thread is busy until then.
    const end = await addUntilSettled(
      questionQueue(spec.method),
      () =>
        runPoolTask(
          questionsOf(spec.method),
          {
            kind: "method-run",
            dataset,
            version: datasetVersion(dataset.id),
            method: spec.method,
            question: spec.question,
            reasoner: spec.reasoner,
            params: spec.params,
            ...(options.constraints ? { constraints: options.constraints } : {}),
            ...(options.learned !== undefined ? { learned: options.learned } : {}),
            ...(options.batch ? { scoring: options.batch } : {}),
            ...(llm !== undefined ? { llm } : {}),
          },
          {
            signal,
            onEvent: (event) => {
              try {
                sink.emit(event);
              } catch (err) {
                // The worker checked it against the same schema; a refusal here is a bug to see in the log.
                console.error("[tablesight] a worker's trace event was refused", err);
              }
            },
          },
        ),
      { priority: options.batch ? PRIORITY.batch : PRIORITY.interactive, signal },
    );
    options.onEnd?.(end);
    for (const listener of listeners) listener(spec, end);
    if (!end.ok) throw new RunFailedError(end.error.code, end.error.message);
    return end.answer;
  };
}
