import { ApiError, apiFetch, errorFromBody, jsonBody, parseJson } from "@/components/api/client";
import type { RunDiff } from "@/lib/core/compare/diff";
import type { CompareDetail, CompareStreamPart } from "@/lib/core/api/compare";
import type { RunConstraintsInput } from "@/lib/core/retrieval/constraints/types";
import { readCompareStream } from "./compareStream";

const enc = encodeURIComponent;

export type CompareBody = {
  question: string;
  methods: string[];
  reasoner: "local" | "llm";
  params?: Record<string, Record<string, unknown>>;
};

/**
 * Starts a compare and reads its stream: `onStart` gets the compare id (the stream's message id)
 * as soon as the server has stored it, `onPart` every method's events as they arrive.
 */
export async function compareStream(
  datasetId: string,
  body: CompareBody,
  handlers: { onStart: (compareId: string) => void; onPart: (part: CompareStreamPart) => void; signal?: AbortSignal },
): Promise<void> {
  let res: Response;
  try {
    res = await fetch(`/api/datasets/${enc(datasetId)}/compare`, {
      method: "POST",
      headers: { "content-type": "application/json", accept: "text/event-stream" },
      body: JSON.stringify(body),
      signal: handlers.signal,
    });
  } catch (err) {
    if (handlers.signal?.aborted) throw err;
    throw new ApiError("Could not reach the Tablesight server. Check that it is running.", 0);
  }
  if (!res.ok || !res.body) throw errorFromBody(parseJson(await res.text()), res.status, res.statusText);
  const { error } = await readCompareStream(res.body, { onStart: handlers.onStart, onPart: handlers.onPart });
  if (error) throw new ApiError(error, 500, "stream_error");
}

export function getCompare(compareId: string, signal?: AbortSignal): Promise<CompareDetail> {
  return apiFetch<CompareDetail>(`/api/compares/${enc(compareId)}`, { signal, cache: "no-store" });
}

export function getRunDiff(a: string, b: string, signal?: AbortSignal): Promise<RunDiff> {
  return apiFetch<RunDiff>(`/api/runs/${enc(a)}/diff/${enc(b)}`, { signal, cache: "no-store" });
}

export type RerunResult = { runId: string; parentRunId: string; ok: boolean; answer: unknown };

/** Re-runs a run with constraints; resolves when the child run is stored. */
export function rerun(runId: string, constraints: RunConstraintsInput): Promise<RerunResult> {
  return apiFetch<RerunResult>(`/api/runs/${enc(runId)}/rerun`, { method: "POST", ...jsonBody({ constraints }) });
}
