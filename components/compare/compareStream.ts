import { parseJsonEventStream, uiMessageChunkSchema } from "ai";
import { z } from "zod";
import type { CompareStreamPart } from "@/lib/core/api/compare";
import { COMPARE_PART_TYPE, traceEventSchema } from "@/lib/core/trace";

const comparePartSchema = z.object({ method: z.string(), runId: z.string(), event: traceEventSchema });

export interface CompareStreamHandlers {
  /** The compare's id (the stream's message id), as soon as the stream starts. */
  onStart?: (compareId: string) => void;
  onPart: (part: CompareStreamPart) => void;
  /** A part that is not a UI message chunk, or a `data-compare` part whose event is not a TraceEvent. */
  onProblem?: (message: string) => void;
}

/**
 * Reads a compare's AI SDK UI message stream with the SDK's own reader: every chunk is checked
 * against the SDK's chunk schema and every `data-compare` part against `{method, runId, event}`
 * with the TraceEvent union; anything else is reported and skipped. Resolves with the server's
 * error part, if any, when the body ends.
 */
export async function readCompareStream(
  body: ReadableStream<Uint8Array>,
  { onStart, onPart, onProblem }: CompareStreamHandlers,
): Promise<{ error: string | null }> {
  const reader = parseJsonEventStream({ stream: body, schema: uiMessageChunkSchema }).getReader();
  let error: string | null = null;
  for (;;) {
    const { value, done } = await reader.read();
    if (done) break;
    if (!value.success) {
      onProblem?.(`not a stream part (${value.error.message.slice(0, 200)})`);
      continue;
    }
    const chunk = value.value;
    if (chunk.type === "start" && chunk.messageId) onStart?.(chunk.messageId);
    else if (chunk.type === "error") error = chunk.errorText || "The compare stream failed.";
    else if (chunk.type === COMPARE_PART_TYPE) {
      const parsed = comparePartSchema.safeParse((chunk as { data: unknown }).data);
      if (parsed.success) onPart(parsed.data);
      else onProblem?.(`not a valid compare part (${parsed.error.issues[0]?.message ?? "invalid"})`);
    }
  }
  return { error };
}
