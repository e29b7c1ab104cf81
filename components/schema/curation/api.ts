import { apiFetch, jsonBody } from "@/components/api/client";

const base = (id: string) => `/api/datasets/${encodeURIComponent(id)}/schema-graph`;

export type { StoredSchemaEdge as StoredEdge } from "@/lib/core/api/schema-graph";
import type {
  CurationImportResult as ImportReport,
  EdgeStatus,
  StoredSchemaEdge as StoredEdge,
} from "@/lib/core/api/schema-graph";
import type { CuratedEdgeInput } from "@/lib/core/model/index-types";
export type CuratedKind = CuratedEdgeInput["kind"];
/** What the edges API accepts for an edge: the curated input plus the user's decision on a discovered one. */
export type EdgeFields = CuratedEdgeInput & { status?: EdgeStatus };
export type { SchemaEdgeHistoryEntry as HistoryEntry } from "@/lib/core/api/schema-graph";
import type { SchemaEdgeHistoryEntry as HistoryEntry } from "@/lib/core/api/schema-graph";
export type { ImportReport };

export const exportUrl = (id: string) => `${base(id)}/export`;

/** Why a change is made: by hand (absent), or to undo or redo an earlier one (History says which). */
export type Via = "undo" | "redo" | undefined;
const viaParam = (via: Via) => (via ? `&via=${via}` : "");

/** Adds an edge; `replaced` is the rejection of the same join that keeping it overrode. */
export function addEdge(id: string, edge: EdgeFields, via?: Via): Promise<StoredEdge & { replaced?: StoredEdge }> {
  return apiFetch<StoredEdge & { replaced?: StoredEdge }>(`${base(id)}/edges${via ? `?via=${via}` : ""}`, {
    method: "POST",
    ...jsonBody(edge),
  });
}
export function updateEdge(id: string, edgeId: string, patch: Partial<EdgeFields>, via?: Via): Promise<StoredEdge> {
  return apiFetch<StoredEdge>(`${base(id)}/edges?id=${encodeURIComponent(edgeId)}${viaParam(via)}`, {
    method: "PATCH",
    ...jsonBody(patch),
  });
}
export async function deleteEdge(id: string, edgeId: string, via?: Via): Promise<void> {
  await apiFetch(`${base(id)}/edges?id=${encodeURIComponent(edgeId)}${viaParam(via)}`, { method: "DELETE" });
}
export async function getCurated(id: string, signal?: AbortSignal): Promise<StoredEdge[]> {
  return (await apiFetch<{ edges: StoredEdge[] }>(`${base(id)}/edges`, { signal, cache: "no-store" })).edges;
}
export async function getHistory(id: string, signal?: AbortSignal): Promise<HistoryEntry[]> {
  return (await apiFetch<{ history: HistoryEntry[] }>(`${base(id)}/history`, { signal, cache: "no-store" })).history;
}
export function importGraph(id: string, file: unknown): Promise<ImportReport> {
  return apiFetch<ImportReport>(exportUrl(id), { method: "PUT", ...jsonBody(file) });
}
