import "server-only";
import { nanoid } from "nanoid";
import {
  answerSchema,
  createRecorder,
  InvalidTraceEventError,
  type Answer,
  type EventSink,
  type Reasoner,
  type TraceEvent,
} from "@/lib/core/trace";
import type { Vote } from "@/lib/core/model/learned";
import { createRun, finishRun } from "@/lib/server/stores/runs";
import { createEventWriter } from "./event-writer";
import { describeRunError } from "./run-errors";

/** What a run is asked to do; stored with the run. */
export type RunSpec = {
  datasetId: string;
  question: string;
  method: string;
  reasoner: Reasoner;
  params: Record<string, unknown>;
  /** A re-run: its parent and the constraints it honours. */
  parentRunId?: string;
  constraints?: Record<string, unknown>;
  /** Set when the run is one method of a compare. */
  compareId?: string;
  /** The vote the run is stored with: "up" when it re-answers with an alternative the user picked. */
  feedback?: Vote;
};

export type QuestionRunContext = { runId: string; signal: AbortSignal };

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

const SPINE_KINDS = new Set(["run-start", "run-end", "answer"]);

/**
 * Runs a method as a recorded run: emits run-start before anything else (so a stream shows it at
 * once), stores events in batches while the method works, turns any failure into an `error`
 * event, always ends with run-end, then records the outcome: a run whose stream ended is never
 * left "running". Never rejects.
 */
export async function executeRun(
  spec: RunSpec,
  execute: ExecuteMethod,
  options: ExecuteRunOptions = {},
): Promise<QuestionRunOutcome> {
  const runId = options.runId ?? nanoid();
  const recorder = createRecorder({ onListenerError: (err) => console.error("trace listener failed", err) });
  if (options.onEvent) recorder.subscribe(options.onEvent);
  // The vote is the user's, kept on the run row; the trace says what the method did.
  const { feedback: _vote, ...announced } = spec;
  recorder.emit({ type: "run-start", runId, ...announced });

  // The row is written in parallel with the method's start; the writer waits for it.
  const { compareId: _compare, ...stored } = spec;
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
    answer = answerSchema.parse(await execute(guardSpineKinds(recorder), { runId, signal }));
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

/** The sink handed to methods: the spine's own kinds are refused, so a run has exactly one of each. */
function guardSpineKinds(sink: EventSink): EventSink {
  return {
    emit(event) {
      if (SPINE_KINDS.has(event.type))
        throw new InvalidTraceEventError(
          event.type,
          "this kind is emitted by the run itself; a method returns its answer instead",
        );
      return sink.emit(event);
    },
  };
}
