import { apiFetch, jsonBody } from "@/components/api/client";
import type { StoredGlossaryEntry } from "@/lib/core/api/glossary";
import type { GlossaryEntry } from "@/lib/core/retrieval/glossary";

export type { StoredGlossaryEntry, GlossaryEntry };

const base = (id: string) => `/api/datasets/${encodeURIComponent(id)}/glossary`;

export async function getGlossary(id: string, signal?: AbortSignal): Promise<StoredGlossaryEntry[]> {
  return (await apiFetch<{ entries: StoredGlossaryEntry[] }>(base(id), { signal, cache: "no-store" })).entries;
}
export function addGlossaryEntry(id: string, entry: GlossaryEntry): Promise<StoredGlossaryEntry> {
  return apiFetch<StoredGlossaryEntry>(base(id), { method: "POST", ...jsonBody(entry) });
}
export function updateGlossaryEntry(id: string, entryId: string, entry: GlossaryEntry): Promise<StoredGlossaryEntry> {
  return apiFetch<StoredGlossaryEntry>(`${base(id)}?id=${encodeURIComponent(entryId)}`, {
    method: "PATCH",
    ...jsonBody(entry),
  });
}
export async function deleteGlossaryEntry(id: string, entryId: string): Promise<void> {
  await apiFetch(`${base(id)}?id=${encodeURIComponent(entryId)}`, { method: "DELETE" });
}
