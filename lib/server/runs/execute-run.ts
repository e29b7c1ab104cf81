import "server-only";
import { nanoid } from "nanoid";
import type { RunRequest } from "@/lib/core/api/runs";
import {
  answerSchema,
  createRecorder,
  refuseSpineKinds,
  type Answer,
  type EventSink,
  type TraceEvent,
} from "@/lib/core/trace";
import { createRun, finishRun } from "@/lib/server/stores/runs";
import { createEventWriter } from "./event-writer";
import { describeRunError } from "./run-errors";

type QuestionRunContext = { runId: string; signal: AbortSignal };

/**
 * A method's execution: it emits trace events into `sink` and returns its answer, judged (the
 * pool's worker adds the verdict from the run's own trace). The spine emits run-start, answer,
 * run-end and error itself; a method must not.
 */
export type ExecuteMethod = (sink: EventSink, context: QuestionRunContext) => Promise<Answer>;

export type QuestionRunOutcome = {
  runId: string;
  ok: boolean;
  answer: Answer | null;
  error: { message: string; code: string } | null;
  events: TraceEvent[];
  /** False when the run could not be stored (e.g. its dataset was deleted meanwhile). */
  saved: boolean;
};

export type ExecuteRunOptions = {
  signal?: AbortSignal;
  /** Called synchronously for every event, in order (the stream writer). */
  onEvent?: (event: TraceEvent) => void;
  runId?: string;
};

/**
 * Runs a method as a recorded run: emits run-start before anything else (so a stream shows it at
 * once), stores events in batches while the method works, turns any failure into an `error`
 * event, always ends with run-end, then records the outcome: a run whose stream ended is never
 * left "running". Never rejects.
 */
export async function executeRun(
  request: RunRequest,
  execute: ExecuteMethod,
  options: ExecuteRunOptions = {},
): Promise<QuestionRunOutcome> {
  const runId = options.runId ?? nanoid();
  const recorder = createRecorder({ onListenerError: (err) => console.error("trace listener failed", err) });
  if (options.onEvent) recorder.subscribe(options.onEvent);
  // The vote is the user's, kept on the run row; the trace says what the method did. Which learned
  // answers the reasoner reads is the caller's choice of inputs, neither announced nor stored.
  const { feedback: _vote, learned: _learned, ...announced } = request;
  recorder.emit({ type: "run-start", runId, ...announced });

  // The row is written in parallel with the method's start; the writer waits for it.
  const { compareId: _compare, learned: _read, ...stored } = request;
  const created = createRun({ id: runId, ...stored });
  let rowCreated = false;
  created.then(
    () => (rowCreated = true),
    () => undefined,
  );
  let saved = true;
  let ended = false;
  const writer = createEventWriter(runId, created, {
    onError: (err) => {
      saved = false;
      // After run-end the trace is closed; the failure only goes to the log.
      if (ended) return console.error("could not store the events of run", runId, err);
      recorder.emit({
        type: "warning",
        code: "run_not_saved",
        message: `This run could not be saved: ${err instanceof Error ? err.message : String(err)}`,
      });
    },
  });
  // Events emitted before the subscription (run-start) go to the writer too.
  for (const e of recorder.events) writer.push(e);
  recorder.subscribe((e) => writer.push(e));

  const signal = options.signal ?? new AbortController().signal;
  let answer: Answer | null = null;
  let error: QuestionRunOutcome["error"] = null;
  try {
    answer = answerSchema.parse(await execute(refuseSpineKinds(recorder), { runId, signal }));
    recorder.emit({ type: "answer", ...answer });
  } catch (err) {
    answer = null;
    error = describeRunError(err, signal);
    recorder.emit({ type: "error", ...error });
  }
  // Settle the run row first, so a "not saved" warning comes before run-end, not after it.
  await created.catch(() => undefined);
  const ms = recorder.elapsed();
  recorder.emit({ type: "run-end", ms, ok: error === null });
  ended = true;

  await writer.close();
  // Ended, so never left "running": also when some of its events could not be stored.
  if (rowCreated) {
    try {
      await finishRun(runId, { status: error ? "failed" : "done", answer, error: error?.message ?? null, ms });
    } catch (err) {
      saved = false;
      console.error("could not record the end of run", runId, err);
    }
  }
  return { runId, ok: error === null, answer, error, events: [...recorder.events], saved };
}
