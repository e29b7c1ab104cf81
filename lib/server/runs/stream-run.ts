import "server-only";
import { nanoid } from "nanoid";
import { traceStreamResponse } from "@/lib/server/llm/ui-stream";
import type { RunRequest } from "@/lib/core/api/runs";
import { executeRun, type ExecuteMethod } from "./execute-run";

/** True when the client asked for one JSON document rather than a stream. */
export function wantsJson(request: Request): boolean {
  const accept = request.headers.get("accept") ?? "";
  return accept.includes("application/json") && !accept.includes("text/event-stream");
}

/**
 * Turns a method execution into the HTTP response of an ask route. By default an AI SDK UI
 * message stream (SSE) with one `data-trace` part per TraceEvent, in order, the first written
 * before any work starts; with `Accept: application/json`, `{runId, ok, answer, error, events}`
 * once the run is over. Either way the run and its events are stored, and a failing method
 * yields an `error` event and run-end ok:false, never a broken response. The request's abort
 * signal (client gone) is passed on to the method. `runId` names the run when the caller must know
 * it first; `extra` adds fields to the JSON answer.
 */
export async function streamRun(
  request: Request,
  spec: RunRequest,
  execute: ExecuteMethod,
  options: { runId?: string; extra?: Record<string, unknown> } = {},
): Promise<Response> {
  const runId = options.runId ?? nanoid();
  if (wantsJson(request)) {
    const outcome = await executeRun(spec, execute, { runId, signal: request.signal });
    return Response.json({
      runId: outcome.runId,
      ...(spec.parentRunId ? { parentRunId: spec.parentRunId } : {}),
      ok: outcome.ok,
      answer: outcome.answer,
      error: outcome.error,
      events: outcome.events,
      ...options.extra,
    });
  }
  const response = traceStreamResponse(runId, async (emit) => {
    await executeRun(spec, execute, { runId, signal: request.signal, onEvent: emit });
  });
  // The run's id before its first event is read (run-start carries it too).
  response.headers.set("x-run-id", runId);
  return response;
}
