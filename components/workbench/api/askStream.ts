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
export function askStream(datasetId: string, body: AskBody, handlers: AskHandlers): Promise<void> {
  return postTraceStream(`/api/datasets/${encodeURIComponent(datasetId)}/ask`, body, handlers);
}

/**
 * Picks a run's alternative reading n: the server stores it as learned and answers the question
 * again with it, streaming the new run as ask does.
 */
export function alternativeStream(runId: string, n: number, handlers: AskHandlers): Promise<void> {
  return postTraceStream(`/api/runs/${encodeURIComponent(runId)}/alternatives/${n}`, undefined, handlers);
}

/** POSTs to a route that streams a run (ask, alternatives) and hands each valid event on. */
async function postTraceStream(url: string, body: unknown, { onEvent, onProblem, signal }: AskHandlers): Promise<void> {
  let res: Response;
  try {
    res = await fetch(url, {
      method: "POST",
      headers: {
        ...(body === undefined ? {} : { "content-type": "application/json" }),
        accept: "text/event-stream",
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
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
