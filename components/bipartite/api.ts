import { apiFetch, ApiError, errorFromBody, parseJson } from "@/components/api/client";
import type { AddPassagesResult, BipartiteData, PassageItem } from "./types";

const base = (id: string) => `/api/datasets/${encodeURIComponent(id)}`;

export function getBipartite(id: string, signal?: AbortSignal): Promise<BipartiteData> {
  return apiFetch<BipartiteData>(`${base(id)}/bipartite`, { signal, cache: "no-store" });
}

export function searchPassages(
  id: string,
  q: string,
  offset: number,
  signal?: AbortSignal,
): Promise<{ total: number; offset: number; passages: PassageItem[] }> {
  const params = new URLSearchParams({ q, offset: String(offset), limit: "50" });
  return apiFetch(`${base(id)}/passages?${params}`, { signal, cache: "no-store" });
}

/** Passages by node id, with their whole text. */
export async function getPassages(id: string, ids: string[], signal?: AbortSignal): Promise<PassageItem[]> {
  if (!ids.length) return [];
  return (
    await apiFetch<{ passages: PassageItem[] }>(`${base(id)}/passages?ids=${encodeURIComponent(ids.join(","))}`, {
      signal,
      cache: "no-store",
    })
  ).passages;
}

/** Uploads passage files (.jsonl, .txt, .md); the answer lists what was added and every problem. */
export async function uploadPassages(id: string, files: File[]): Promise<AddPassagesResult> {
  const form = new FormData();
  for (const f of files) form.append("files", f, f.name);
  let res: Response;
  try {
    res = await fetch(`${base(id)}/passages`, { method: "POST", body: form, headers: { accept: "application/json" } });
  } catch {
    throw new ApiError("Could not reach the Tablesight server. Check that it is running.", 0);
  }
  const body = parseJson(await res.text());
  if (!res.ok) throw errorFromBody(body, res.status, res.statusText);
  return body as AddPassagesResult;
}
