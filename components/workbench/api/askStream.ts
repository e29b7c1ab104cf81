import { ApiError, errorFromBody, parseJson } from "@/components/api/client";
import type { TraceEvent } from "@/lib/core/trace";
import { createSseParser } from "./sse";
import type { AskBody } from "./types";

export interface AskHandlers {
  onEvent: (event: TraceEvent) => void;
  signal?: AbortSignal;
}

/**
 * Asks a question and reads the answer stream: every `data-trace` part is handed to `onEvent` as
 * soon as its bytes arrive. Resolves when the stream ends; throws ApiError for a refused request
 * (bad question, unknown dataset…) or a stream error.
 */
export async function askStream(datasetId: string, body: AskBody, { onEvent, signal }: AskHandlers): Promise<void> {
  let res: Response;
  try {
    res = await fetch(`/api/datasets/${encodeURIComponent(datasetId)}/ask`, {
      method: "POST",
      headers: { "content-type": "application/json", accept: "text/event-stream" },
      body: JSON.stringify(body),
      signal,
    });
  } catch (err) {
    if (signal?.aborted) throw err;
    throw new ApiError("Could not reach the Tablesight server. Check that it is running.", 0);
  }
  if (!res.ok || !res.body) throw errorFromBody(parseJson(await res.text()), res.status, res.statusText);

  let streamError: string | null = null;
  const parser = createSseParser((chunk) => {
    const c = chunk as { type?: string; data?: unknown; errorText?: string };
    if (c.type === "data-trace" && c.data) onEvent(c.data as TraceEvent);
    else if (c.type === "error") streamError = c.errorText ?? "The run stream failed.";
  });
  const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
  for (;;) {
    const { value, done } = await reader.read();
    if (done) break;
    parser.push(value);
  }
  parser.end();
  if (streamError) throw new ApiError(streamError, 500, "stream_error");
}
