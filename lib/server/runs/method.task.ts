import "server-only";
import type { MethodResult, RetrievalView } from "@/lib/core/methods/module";
import type { SetScore } from "@/lib/core/eval";
import type { RunRequest } from "@/lib/core/api/runs";
import {
  type Answer,
  answerSchema,
  createRecorder,
  type EventSink,
  refuseSpineKinds,
  type TraceEvent,
  type TraceEventInput,
} from "@/lib/core/trace";
import { judgeAnswer } from "@/lib/server/confidence/assess-run";
import { activeLlm, cachedPortFor, type LlmConfig } from "@/lib/server/llm";
import { openDatasetContext } from "@/lib/server/methods/dataset-context";
import { methodOrThrow, parseMethodParams } from "@/lib/server/methods/method-params";
import { runMethod } from "@/lib/server/methods/run-method";
import type { LoadedDataset } from "@/lib/server/methods/run-options";
import { PRIORITY, questionQueue } from "@/lib/server/pool/queues";
import { addUntilSettled } from "@/lib/server/pool/queue-slot";
import { onCancel, type PoolTask, post, postEnd, runTask } from "@/lib/server/pool/run-task";
import { questionsOf } from "@/lib/server/pool/thread-pools";
import { datasetVersion } from "@/lib/server/process/dataset-caches";
import { processSingleton } from "@/lib/server/process/singleton";
import { datasetLoadCount } from "@/lib/server/stores/datasets";
import { withWrittenText } from "@/lib/server/written/answer";
import { scoreBatchQuestion } from "./batch-score";
import type { ExecuteMethod } from "./execute-run";
import { describeRunError } from "./run-errors";

/** A batch question's gold, to score the run in the worker (gold SQL and cells run there too). */
export type BatchScoring = { goldAnswer: unknown[] | null; goldSql: string | null; maxGoldCells: number };
/** A batch question's score as the worker computed it. */
export type BatchScore = {
  correct: boolean | null;
  schema: SetScore | null;
  cells: SetScore | null;
  goldCells: string[] | null;
  /** Why the gold could not be read, if it could not. */
  goldError: string | null;
  view: RetrievalView | null;
};

/** One question run on one method: the worker builds the dataset context and the ports, runs, judges. */
export type MethodTask = PoolTask & {
  kind: "method-run";
  request: RunRequest;
  dataset: LoadedDataset;
  /** The dataset's version on the main thread when the run started (see datasetChanged). */
  version: number;
  scoring?: BatchScoring;
  /** For reasoner "llm": the model the main thread resolved (null when none is configured). */
  llm?: LlmConfig | null;
};

/** How a method task ended, posted last on its port. */
export type MethodTaskEnd =
  | {
      ok: true;
      answer: Answer;
      tokens: { input: number; output: number } | null;
      score: BatchScore | null;
      /** Datasets loaded by the worker for this task (the route loaded the one it needed: 0 is expected). */
      datasetLoads: number;
    }
  | { ok: false; error: { code: string; message: string }; score: BatchScore | null; datasetLoads: number };

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
export type PoolRunListener = (request: RunRequest, end: MethodTaskEnd) => void;
const listeners = processSingleton("poolRunListeners", (): Set<PoolRunListener> => new Set());

export function onPoolRunEnd(listener: PoolRunListener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export type PoolExecutionOptions = {
  /** The run's dataset, loaded once by the route; the worker builds its context from it. */
  dataset: LoadedDataset;
  /** A batch question: it waits behind every hand-asked question, and is scored in its worker. */
  batch?: BatchScoring;
  /** Called with the worker's end of the task (a batch reads its score from it). */
  onEnd?: (end: MethodTaskEnd) => void;
};

/**
 * Main thread: the run request of a question, its parameters parsed by its method's schema (defaults
 * filled in; a bad one is a 400 naming it), and the method's label.
 */
export function prepareRun(input: Omit<RunRequest, "params"> & { params: Record<string, unknown> }): {
  request: RunRequest;
  label: string;
} {
  const module = methodOrThrow(input.method);
  return { request: { ...input, params: parseMethodParams(module, input.params) }, label: module.label };
}

/**
 * Main thread: a run's execution on its method's question threads. The question waits its turn in
 * the question queue (hand-asked ones first), then a worker runs the method, judges its answer and
 * posts every event back to this thread's recorder as it is emitted. Cancelling the run (its signal)
 * cancels the task: dropped while it waits, told to stop (with its SQL) while it runs.
 */
export function executeInPool(request: RunRequest, options: PoolExecutionOptions): ExecuteMethod {
  return async (sink, { signal }) => {
    const { dataset } = options;
    // The one resolution of the model, once per run: the settings live in the app database.
    const llm = request.reasoner === "llm" ? (await activeLlm()).config : undefined;
    const task: Omit<MethodTask, "port"> = {
      kind: "method-run",
      request,
      dataset,
      version: datasetVersion(dataset.id),
      ...(options.batch ? { scoring: options.batch } : {}),
      ...(llm !== undefined ? { llm } : {}),
    };
    const onEvent = (event: unknown) => {
      try {
        sink.emit(event as TraceEventInput);
      } catch (err) {
        // The worker checked it against the same schema; a refusal here is a bug to see in the log.
        console.error("[tablesight] a worker's trace event was refused", err);
      }
    };
    // The slot is held until the task has ended, cancelled or not: its thread is busy until then.
    const end = await addUntilSettled(
      questionQueue(request.method),
      () => runTask<MethodTask, MethodTaskEnd>(questionsOf(request.method), task, { signal, onEvent }),
      { priority: options.batch ? PRIORITY.batch : PRIORITY.interactive, signal },
    );
    options.onEnd?.(end);
    for (const listener of listeners) listener(request, end);
    if (!end.ok) throw new RunFailedError(end.error.code, end.error.message);
    return end.answer;
  };
}

/**
 * Worker: runs one question in this thread. Opens the dataset's context (the detail came with the
 * task), runs the method through the generic adapter, judges the answer from the run's own trace,
 * scores it when it is a batch question, and posts the end on the task's port. A cancel aborts the
 * run and its SQL.
 */
export async function runMethodTask(task: MethodTask): Promise<MethodTaskEnd> {
  const { request } = task;
  const controller = new AbortController();
  onCancel(task.port, () => controller.abort(new Error("cancelled")));
  const loadsBefore = datasetLoadCount();
  const { sink, events } = postingSink(task);
  const context = openDatasetContext(task.dataset, task.version);
  const module = methodOrThrow(request.method);
  const score = (result: MethodResult | null, answer: Answer | null) =>
    task.scoring ? scoreBatchQuestion(module, result, answer, task.scoring, context, controller.signal) : null;
  try {
    const result = await runMethod(context, request, sink, {
      module,
      ...(task.llm !== undefined ? { llm: task.llm ? cachedPortFor(task.llm) : null } : {}),
      signal: controller.signal,
    });
    // A run cancelled while its method wound down (its statement stopped, the method answered
    // without it) is cancelled, not answered.
    controller.signal.throwIfAborted();
    // Scores a method adds beside the schema (a reader's readerScore) reach the judge, not the event.
    const parsed = { ...result.answer, ...answerSchema.parse(result.answer) };
    const judged = await judgeAnswer(request, parsed, events, context, controller.signal);
    // Shown as the file wrote its numbers ("9970610.0"), judged and scored on the values.
    const answer = answerSchema.parse(await withWrittenText(judged.answer, context, controller.signal));
    const tokens = result.tokens ?? null;
    const loads = datasetLoadCount() - loadsBefore;
    return postEnd(task.port, { ok: true, answer, tokens, score: await score(result, answer), datasetLoads: loads });
  } catch (err) {
    const error = describeRunError(err, controller.signal);
    // A cancelled batch question is not a result; a failed one is scored as retrieving nothing.
    const failed = controller.signal.aborted ? null : await score(null, null)?.catch(() => null);
    const datasetLoads = datasetLoadCount() - loadsBefore;
    return postEnd<MethodTaskEnd>(task.port, { ok: false, error, score: failed ?? null, datasetLoads });
  }
}

/**
 * The method's sink in the worker: refuses the spine's kinds, checks each event as the main thread's
 * recorder will (so a bad event fails the run where it is emitted), keeps it for the verdict, and
 * posts it to the main thread, whose recorder numbers, stores and streams it.
 */
function postingSink(task: MethodTask): { sink: EventSink; events: readonly TraceEvent[] } {
  const local = createRecorder();
  const sink = refuseSpineKinds({
    emit(event) {
      const checked = local.emit(event);
      post(task.port, { type: "event", event });
      return checked;
    },
  });
  return { sink, events: local.events };
}
