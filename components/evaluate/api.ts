import { apiFetch, errorFromBody, jsonBody, parseJson } from "@/components/api/client";
import type {
  BatchDiff,
  BatchInfo,
  BatchItemRow,
  BatchReport,
  QuestionSetSummary,
  QuestionSetUploadResult,
} from "@/lib/core/model/batch-types";

export type { BatchDiff, BatchInfo, BatchItemRow, BatchReport, QuestionSetSummary, QuestionSetUploadResult };

const enc = encodeURIComponent;

export async function listQuestionSets(datasetId: string, signal?: AbortSignal): Promise<QuestionSetSummary[]> {
  const body = await apiFetch<{ questionSets: QuestionSetSummary[] }>(`/api/datasets/${enc(datasetId)}/question-sets`, {
    signal,
    cache: "no-store",
  });
  return body.questionSets;
}

export function getQuestionSet(setId: string, signal?: AbortSignal) {
  return apiFetch<QuestionSetSummary & { questions: Array<{ id: string; question: string; tags: string[] }> }>(
    `/api/question-sets/${enc(setId)}`,
    { signal, cache: "no-store" },
  );
}

/** Uploads (POST, new set) or re-uploads (PUT, same set) a question-set file. */
export async function uploadQuestionSet(
  target: { datasetId: string } | { setId: string },
  file: File,
  name?: string,
): Promise<QuestionSetUploadResult> {
  const form = new FormData();
  form.set("file", file);
  if (name) form.set("name", name);
  const isNew = "datasetId" in target;
  const url = isNew
    ? `/api/datasets/${enc(target.datasetId)}/question-sets`
    : `/api/question-sets/${enc(target.setId)}`;
  const res = await fetch(url, { method: isNew ? "POST" : "PUT", body: form, headers: { accept: "application/json" } });
  const body = parseJson(await res.text());
  if (!res.ok) throw errorFromBody(body, res.status, res.statusText);
  return body as QuestionSetUploadResult;
}

export function renameQuestionSet(setId: string, name: string) {
  return apiFetch<QuestionSetSummary>(`/api/question-sets/${enc(setId)}`, { method: "PATCH", ...jsonBody({ name }) });
}

export function deleteQuestionSet(setId: string) {
  return apiFetch<void>(`/api/question-sets/${enc(setId)}`, { method: "DELETE" });
}

export async function listBatches(setId: string, signal?: AbortSignal): Promise<BatchInfo[]> {
  const body = await apiFetch<{ batches: BatchInfo[] }>(`/api/question-sets/${enc(setId)}/batches`, {
    signal,
    cache: "no-store",
  });
  return body.batches;
}

export function startBatch(
  setId: string,
  request: { methods: string[]; reasoner: string; params: Record<string, unknown> },
) {
  return apiFetch<{ batchId: string }>(`/api/question-sets/${enc(setId)}/batches`, {
    method: "POST",
    ...jsonBody(request),
  });
}

export function getBatch(batchId: string, signal?: AbortSignal) {
  return apiFetch<BatchReport>(`/api/batches/${enc(batchId)}`, { signal, cache: "no-store" });
}

export function cancelBatch(batchId: string) {
  return apiFetch<{ cancelled: boolean }>(`/api/batches/${enc(batchId)}`, { method: "DELETE" });
}

export function getBatchItems(batchId: string, signal?: AbortSignal) {
  return apiFetch<BatchItemRow[]>(`/api/batches/${enc(batchId)}/items`, { signal, cache: "no-store" });
}

export async function getGoldCells(batchId: string, questionId: string, signal?: AbortSignal): Promise<string[]> {
  const url = `/api/batches/${enc(batchId)}/items?goldCellsOf=${enc(questionId)}`;
  return (await apiFetch<{ goldCells: string[] }>(url, { signal, cache: "no-store" })).goldCells;
}

export function getBatchDiff(a: string, b: string, signal?: AbortSignal) {
  return apiFetch<BatchDiff>(`/api/batches/${enc(a)}/diff/${enc(b)}`, { signal, cache: "no-store" });
}

export const exportUrl = (batchId: string, format: "csv" | "json") =>
  `/api/batches/${enc(batchId)}/export?format=${format}`;
