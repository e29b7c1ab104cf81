import { apiFetch, jsonBody } from "@/components/api/client";
import type {
  AlternativeRunResult,
  BatchLearnResult,
  LearnedListResponse,
  RunFeedback,
  Vote,
} from "@/lib/core/model/learned";

const enc = encodeURIComponent;

export function getRunFeedback(runId: string, signal?: AbortSignal): Promise<RunFeedback> {
  return apiFetch<RunFeedback>(`/api/runs/${enc(runId)}/feedback`, { signal, cache: "no-store" });
}

/** 👍 / 👎 on a run's answer; null takes the vote back. */
export function voteOnRun(runId: string, vote: Vote | null): Promise<RunFeedback> {
  return apiFetch<RunFeedback>(`/api/runs/${enc(runId)}/feedback`, { method: "POST", ...jsonBody({ vote }) });
}

/** Picks alternative n of a run; resolves when the new run is stored (the run page then opens it). */
export function pickAlternative(runId: string, n: number): Promise<AlternativeRunResult> {
  return apiFetch<AlternativeRunResult>(`/api/runs/${enc(runId)}/alternatives/${n}`, { method: "POST" });
}

export function listLearned(datasetId: string, signal?: AbortSignal): Promise<LearnedListResponse> {
  return apiFetch<LearnedListResponse>(`/api/datasets/${enc(datasetId)}/learned`, { signal, cache: "no-store" });
}

export function deleteLearned(datasetId: string, exampleId: string): Promise<void> {
  return apiFetch<void>(`/api/datasets/${enc(datasetId)}/learned/${enc(exampleId)}`, { method: "DELETE" });
}

export function deleteAllLearned(datasetId: string): Promise<{ deleted: number }> {
  return apiFetch<{ deleted: number }>(`/api/datasets/${enc(datasetId)}/learned`, { method: "DELETE" });
}

/** Where the browser downloads the dataset's learned answers as JSON. */
export function learnedExportUrl(datasetId: string): string {
  return `/api/datasets/${enc(datasetId)}/learned/export`;
}

/** Keeps a finished batch's right answers as confirmed learned answers of its dataset. */
export function learnFromBatch(batchId: string): Promise<BatchLearnResult> {
  return apiFetch<BatchLearnResult>(`/api/batches/${enc(batchId)}/learn`, { method: "POST" });
}
