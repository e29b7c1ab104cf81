import { apiFetch, jsonBody } from "@/components/api/client";
import type { SemanticModelResponse } from "@/lib/core/model/semantic-model";
import type { SemanticEdit } from "@/lib/core/model/semantic-model";

export type { SemanticModelResponse };
/** An edit to drop, so the inferred fact comes back. */
export type SemanticReset = { kind: SemanticEdit["kind"]; table: string; column?: string };

const url = (id: string) => `/api/datasets/${encodeURIComponent(id)}/semantic-model`;

export function getSemanticModel(id: string, signal?: AbortSignal): Promise<SemanticModelResponse> {
  return apiFetch<SemanticModelResponse>(url(id), { signal, cache: "no-store" });
}

export function patchSemanticModel(
  id: string,
  body: { set?: SemanticEdit[]; reset?: SemanticReset[] },
): Promise<SemanticModelResponse> {
  return apiFetch<SemanticModelResponse>(url(id), { method: "PATCH", ...jsonBody(body) });
}
