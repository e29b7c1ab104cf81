import "server-only";
import { createUIMessageStream, createUIMessageStreamResponse } from "ai";
import { COMPARE_PART_TYPE, TRACE_PART_TYPE, type TraceEvent } from "@/lib/core/trace";
import type { CompareStreamPart } from "@/lib/core/api/compare";

/**
 * A streaming response in the AI SDK UI message protocol (SSE) that carries trace events as
 * `data-trace` parts, so the browser can consume it with useChat/readUIMessageStream. Lives here
 * because lib/server/llm is the only folder that imports the AI SDK.
 *
 * `produce` gets an `emit` that writes one part per event, synchronously: whatever it emits
 * before its first await is on the wire before any slow work starts. `produce` should not
 * throw; if it does, the SDK sends an error chunk and closes the stream cleanly.
 */
export function traceStreamResponse(
  messageId: string,
  produce: (emit: (event: TraceEvent) => void) => Promise<void>,
): Response {
  const stream = createUIMessageStream({
    execute: async ({ writer }) => {
      writer.write({ type: "start", messageId });
      await produce((event) => {
        try {
          writer.write({ type: TRACE_PART_TYPE, data: event });
        } catch {
          // The client went away; the run still finishes and is stored.
        }
      });
      writer.write({ type: "finish" });
    },
    onError: (err) => (err instanceof Error ? err.message : "The run stream failed."),
  });
  return createUIMessageStreamResponse({ stream });
}

/**
 * The same protocol for a compare: one `data-compare` part `{method, runId, event}` per event of
 * any of its runs, interleaved as the runs emit them.
 */
export function compareStreamResponse(
  messageId: string,
  produce: (emit: (part: CompareStreamPart) => void) => Promise<void>,
): Response {
  const stream = createUIMessageStream({
    execute: async ({ writer }) => {
      writer.write({ type: "start", messageId });
      await produce((part) => {
        try {
          writer.write({ type: COMPARE_PART_TYPE, data: part });
        } catch {
          // The client went away; the runs still finish and are stored.
        }
      });
      writer.write({ type: "finish" });
    },
    onError: (err) => (err instanceof Error ? err.message : "The compare stream failed."),
  });
  return createUIMessageStreamResponse({ stream });
}
