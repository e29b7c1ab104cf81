import { ApiError, errorFromBody, parseJson } from "@/components/api/client";
import type { TraceEvent } from "@/lib/core/trace";
import { readTraceStream, type StreamProblem } from "./traceStream";
import type { AskBody } from "./types";

export interface AskHandlers {
  onEvent: (event: TraceEvent) => void;
  onProblem?: (problem: StreamProblem) => void;
  signal?: AbortSignal;
}

/**
 * Asks a question and reads the answer stream: every valid `data-trace` part is handed to `onEvent`
 * as soon as its bytes arrive. Resolves when the stream ends; throws ApiError for a refused request
 * (bad question, unknown dataset…) or a stream error.
 */
export async function askStream(
  datasetId: string,
  body: AskBody,
  { onEvent, onProblem, signal }: AskHandlers,
): Promise<void> {
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
  const end = await readTraceStream(res.body, { onEvent, onProblem });
  if (end.error) throw new ApiError(end.error, 500, "stream_error");
}
