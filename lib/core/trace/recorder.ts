import { traceEventSchema, type TraceEvent, type TraceEventInput } from "./event";
import { roundMs, type EventSink } from "./sink";

type TraceListener = (event: TraceEvent) => void;

/** An EventSink that numbers events, keeps them and hands each to its listeners in order. */
export interface TraceRecorder extends EventSink {
  /** Every event emitted so far, in `seq` order. */
  readonly events: readonly TraceEvent[];
  /** Adds a listener for later events; returns a function that removes it. */
  subscribe(listener: TraceListener): () => void;
  /** Milliseconds since the recorder was created (the run's clock). */
  elapsed(): number;
}

export type RecorderOptions = {
  /** Clock in milliseconds; tests pass a fake one. */
  now?: () => number;
  /** Called when a listener throws; the event is still delivered to the other listeners. */
  onListenerError?: (error: unknown, event: TraceEvent) => void;
};

/** Thrown by `emit` for an event that does not match the TraceEvent schema (a bug in the emitter). */
export class InvalidTraceEventError extends Error {
  constructor(
    readonly type: string,
    readonly issues: string,
  ) {
    super(`Invalid "${type}" trace event: ${issues}`);
    this.name = "InvalidTraceEventError";
  }
}

/**
 * Creates the recorder a run emits into. Each event is validated against the schema, because a
 * malformed event would otherwise be stored for good and break every later replay; unknown keys
 * are stripped, which keeps an emitter from smuggling whole rows into the trace.
 */
export function createRecorder(options: RecorderOptions = {}): TraceRecorder {
  const now = options.now ?? (() => performance.now());
  const start = now();
  const events: TraceEvent[] = [];
  const listeners = new Set<TraceListener>();

  return {
    events,
    elapsed: () => roundMs(now() - start),
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    emit(input: TraceEventInput): TraceEvent {
      const parsed = traceEventSchema.safeParse({ ...input, seq: events.length, at: roundMs(now() - start) });
      if (!parsed.success) {
        const issues = parsed.error.issues.map((i) => `${i.path.join(".") || "(root)"}: ${i.message}`).join("; ");
        throw new InvalidTraceEventError(String((input as { type?: unknown }).type), issues);
      }
      const event = parsed.data;
      events.push(event);
      for (const listener of [...listeners]) {
        try {
          listener(event);
        } catch (err) {
          // A broken consumer (closed stream, failed store) must not abort the method that emits.
          options.onListenerError?.(err, event);
        }
      }
      return event;
    },
  };
}

/** A sink that validates and drops events: for code paths that need a sink but keep no trace. */
export function nullSink(): EventSink {
  let seq = 0;
  return { emit: (input) => traceEventSchema.parse({ ...input, seq: seq++, at: 0 }) };
}

/** The kinds the run itself emits around a method (its start, its answer, its end): never a method. */
const SPINE_KINDS = new Set(["run-start", "run-end", "answer"]);

/**
 * The sink handed to a method: the spine's own kinds are refused where the method emits them, so a
 * run has exactly one of each.
 */
export function refuseSpineKinds(sink: EventSink): EventSink {
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
