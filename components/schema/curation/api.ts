import { apiFetch, jsonBody } from "@/components/api/client";

const base = (id: string) => `/api/datasets/${encodeURIComponent(id)}/schema-graph`;

export type CuratedKind = "context" | "derivation" | "join";
export type { EdgeStatus, StoredSchemaEdge as StoredEdge } from "@/lib/core/model/api-types";
import type { EdgeStatus, StoredSchemaEdge as StoredEdge } from "@/lib/core/model/api-types";
export interface EdgeFields {
  source: string;
  target: string;
  kind: CuratedKind;
  label?: string;
  weight?: number;
  status?: EdgeStatus;
}
export interface HistoryEntry {
  edgeId: string;
  action: "create" | "update" | "delete";
  before: StoredEdge | null;
  after: StoredEdge | null;
  at: string;
}
export type { GraphExport as ExportFile } from "@/lib/core/index/curation";
export interface ImportReport {
  created: number;
  updated: number;
  deleted: number;
  imported: number;
  refused: Array<{ index: number; edge: unknown; reason: string }>;
}

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
