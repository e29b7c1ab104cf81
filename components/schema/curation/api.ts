import { apiFetch, jsonBody } from "@/components/api/client";

const base = (id: string) => `/api/datasets/${encodeURIComponent(id)}/schema-graph`;

export type { EdgeStatus, StoredSchemaEdge as StoredEdge } from "@/lib/core/model/api-types";
import type {
  CurationImportResult as ImportReport,
  EdgeStatus,
  StoredSchemaEdge as StoredEdge,
} from "@/lib/core/model/api-types";
import type { CuratedEdgeInput } from "@/lib/core/model/index-types";
export type CuratedKind = CuratedEdgeInput["kind"];
/** What the edges API accepts for an edge: the curated input plus the user's decision on a discovered one. */
export type EdgeFields = CuratedEdgeInput & { status?: EdgeStatus };
export type { SchemaEdgeHistoryEntry as HistoryEntry } from "@/lib/core/model/api-types";
import type { SchemaEdgeHistoryEntry as HistoryEntry } from "@/lib/core/model/api-types";
export type { GraphExport as ExportFile } from "@/lib/core/index/curation";
export type { ImportReport };

export const exportUrl = (id: string) => `${base(id)}/export`;

export function addEdge(id: string, edge: EdgeFields): Promise<StoredEdge> {
  return apiFetch<StoredEdge>(`${base(id)}/edges`, { method: "POST", ...jsonBody(edge) });
}
export function updateEdge(id: string, edgeId: string, patch: Partial<EdgeFields>): Promise<StoredEdge> {
  return apiFetch<StoredEdge>(`${base(id)}/edges?id=${encodeURIComponent(edgeId)}`, {
    method: "PATCH",
    ...jsonBody(patch),
  });
}
export async function deleteEdge(id: string, edgeId: string): Promise<void> {
  await apiFetch(`${base(id)}/edges?id=${encodeURIComponent(edgeId)}`, { method: "DELETE" });
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
