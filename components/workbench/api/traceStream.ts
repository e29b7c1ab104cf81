import { parseJsonEventStream, uiMessageChunkSchema } from "ai";
import { TRACE_PART_TYPE, type TraceEvent, traceEventSchema } from "@/lib/core/trace";

/** Why a part of the stream was skipped: the UI lists these under the run instead of guessing. */
export interface StreamProblem {
  /** 1-based position of the part in the stream. */
  part: number;
  message: string;
}

export interface TraceStreamHandlers {
  onEvent: (event: TraceEvent) => void;
  /** A part that is not valid JSON, not a UI message chunk, or a `data-trace` part that is not a TraceEvent. */
  onProblem?: (problem: StreamProblem) => void;
}

/** What the stream ended with: the server's error part, if it sent one. */
export interface TraceStreamEnd {
  error: string | null;
}

/** The first zod issue, as "path: message", so a problem names the field that was wrong. */
function describeIssue(error: { issues: ReadonlyArray<{ path: PropertyKey[]; message: string }> }): string {
  const issue = error.issues[0];
  if (!issue) return "invalid value";
  return issue.path.length ? `${issue.path.map(String).join(".")}: ${issue.message}` : issue.message;
}

/**
 * Reads an AI SDK UI message stream (SSE) body with the SDK's own reader: every chunk is checked
 * against the SDK's chunk schema, and every `data-trace` part's data against the TraceEvent union
 * the server validates with. Valid events go to `onEvent` as they arrive; anything else is reported
 * to `onProblem` and skipped, never cast. Resolves when the body ends.
 */
export async function readTraceStream(
  body: ReadableStream<Uint8Array>,
  { onEvent, onProblem }: TraceStreamHandlers,
): Promise<TraceStreamEnd> {
  const parts = parseJsonEventStream({ stream: body, schema: uiMessageChunkSchema });
  const reader = parts.getReader();
  let error: string | null = null;
  let part = 0;
  for (;;) {
    const { value, done } = await reader.read();
    if (done) break;
    part += 1;
    if (!value.success) {
      onProblem?.({ part, message: `not a stream part (${value.error.message.slice(0, 200)})` });
      continue;
    }
    const chunk = value.value;
    if (chunk.type === "error") {
      error = chunk.errorText || "The run stream failed.";
    } else if (chunk.type === TRACE_PART_TYPE) {
      const parsed = traceEventSchema.safeParse((chunk as { data: unknown }).data);
      if (parsed.success) onEvent(parsed.data);
      else onProblem?.({ part, message: `not a valid trace event (${describeIssue(parsed.error)})` });
    }
  }
  return { error };
}
