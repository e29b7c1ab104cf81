import type { Reasoner } from "./atoms";
import type { TraceEvent, TraceEventInput } from "./event";

/** Where a method sends its events. The recorder assigns `seq` and `at` and returns the result. */
export interface EventSink {
  emit(event: TraceEventInput): TraceEvent;
}

/** Defaults applied to events that do not set them. */
export type SinkContext = { stage?: string; reasoner?: Reasoner };

/**
 * A sink that fills in `stage` and `reasoner` for every event that leaves them out, so the steps
 * inside a stage need not repeat them.
 */
export function withContext(sink: EventSink, context: SinkContext): EventSink {
  return {
    emit(event) {
      const filled = { ...event } as TraceEventInput & SinkContext;
      if (filled.stage === undefined && context.stage !== undefined) filled.stage = context.stage;
      if (filled.reasoner === undefined && context.reasoner !== undefined) filled.reasoner = context.reasoner;
      return sink.emit(filled);
    },
  };
}

/**
 * Runs `fn` as one stage: emits stage-start, gives `fn` a sink that tags events with the stage,
 * and emits stage-end with the elapsed time, also when `fn` throws (then with ok: false).
 */
export async function runStage<T>(
  sink: EventSink,
  stage: string,
  fn: (sink: EventSink) => Promise<T> | T,
  label?: string,
): Promise<T> {
  const start = performance.now();
  sink.emit({ type: "stage-start", stage, ...(label ? { label } : {}) });
  let ok = false;
  try {
    const result = await fn(withContext(sink, { stage }));
    ok = true;
    return result;
  } finally {
    sink.emit({ type: "stage-end", stage, ms: roundMs(performance.now() - start), ok });
  }
}

/** Milliseconds with one decimal: enough for the timeline, short in JSON. */
export function roundMs(ms: number): number {
  return Math.max(0, Math.round(ms * 10) / 10);
}
