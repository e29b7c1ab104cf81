import "server-only";
import { APICallError } from "ai";

/** A completion a server sent as server-sent events: its text, finish reason and tokens. */
export type StreamedCompletion = {
  text: string;
  finishReason: string | null;
  usage: { inputTokens?: number; outputTokens?: number };
};

/**
 * Some OpenAI-compatible servers (and proxies in front of them) stream every answer as
 * `text/event-stream`, even when no stream was asked for; the SDK then sees a body that is not
 * JSON. The body is complete by then, so its chunks are read here instead of losing the answer.
 * Returns null when the error is not such a response.
 */
export function streamedCompletionOf(err: unknown): StreamedCompletion | null {
  if (!APICallError.isInstance(err) || err.statusCode !== 200 || !err.responseBody) return null;
  if (!/text\/event-stream/.test(err.responseHeaders?.["content-type"] ?? "")) return null;
  let text = "";
  let finishReason: string | null = null;
  const usage: StreamedCompletion["usage"] = {};
  for (const line of err.responseBody.split(/\r?\n/)) {
    const data = /^data:\s?(.*)$/.exec(line)?.[1]?.trim();
    if (!data || data === "[DONE]") continue;
    let chunk: {
      choices?: Array<{ delta?: { content?: string | null }; finish_reason?: string | null }>;
      usage?: { prompt_tokens?: number; completion_tokens?: number };
    };
    try {
      chunk = JSON.parse(data);
    } catch {
      continue; // a keep-alive or comment line; the text is judged as a whole below
    }
    const choice = chunk.choices?.[0];
    if (typeof choice?.delta?.content === "string") text += choice.delta.content;
    if (choice?.finish_reason) finishReason = choice.finish_reason;
    if (chunk.usage?.prompt_tokens !== undefined) usage.inputTokens = chunk.usage.prompt_tokens;
    if (chunk.usage?.completion_tokens !== undefined) usage.outputTokens = chunk.usage.completion_tokens;
  }
  return { text, finishReason, usage };
}
