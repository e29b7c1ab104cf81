import { apiFetch, jsonBody } from "@/components/api/client";
import type { ColumnsResponse } from "@/lib/core/api/index-status";
import type {
  CellSearchHit,
  Description,
  IndexInfo,
  JoinCounts,
  JoinRow,
  SchemaGraphResponse,
  TableInfo,
} from "./types";

const base = (id: string) => `/api/datasets/${encodeURIComponent(id)}`;
const noStore = (signal?: AbortSignal): RequestInit => ({ signal, cache: "no-store" });

/** Queues a new indexing run; answers the index status to follow (when the server sends it). */
export async function startReindex(id: string): Promise<IndexInfo | null> {
  const body = await apiFetch<{ index?: IndexInfo } | null>(`${base(id)}/index`, { method: "POST" });
  return body?.index ?? null;
}

/** Stops the dataset's waiting or running indexing; answers the index status after the cancel. */
export async function cancelIndex(id: string): Promise<IndexInfo | null> {
  const body = await apiFetch<{ index?: IndexInfo } | null>(`${base(id)}/index`, { method: "DELETE" });
  return body?.index ?? null;
}

export function getSchemaGraph(id: string, signal?: AbortSignal): Promise<SchemaGraphResponse> {
  return apiFetch<SchemaGraphResponse>(`${base(id)}/schema-graph`, noStore(signal));
}

export async function getColumns(id: string, signal?: AbortSignal): Promise<TableInfo[]> {
  return (await apiFetch<ColumnsResponse>(`${base(id)}/columns`, noStore(signal))).tables;
}

/** Join candidates in the server's order (declared keys, then most probable first) with the shared counts. */
export async function getJoins(id: string, signal?: AbortSignal): Promise<{ joins: JoinRow[]; counts: JoinCounts }> {
  return apiFetch<{ joins: JoinRow[]; counts: JoinCounts }>(`${base(id)}/joins`, noStore(signal));
}

export interface CellQuery {
  q: string;
  table?: string;
  column?: string;
  limit?: number;
}

export async function searchCells(id: string, query: CellQuery, signal?: AbortSignal): Promise<CellSearchHit[]> {
  const params = new URLSearchParams({ q: query.q });
  if (query.table) params.set("table", query.table);
  if (query.column) params.set("column", query.column);
  if (query.limit) params.set("limit", String(query.limit));
  const body = await apiFetch<{ hits: CellSearchHit[] }>(`${base(id)}/cells/search?${params}`, noStore(signal));
  return body.hits ?? [];
}

export interface DescriptionPatch {
  table: string;
  column?: string;
  /** Null puts the generated description back. */
  text: string | null;
}

/** Saves a description; answers what the server now shows (falls back to the text sent). */
export async function saveDescription(id: string, patch: DescriptionPatch): Promise<Description> {
  const body = await apiFetch<{ description?: Description | null } | null>(`${base(id)}/descriptions`, {
    method: "PATCH",
    ...jsonBody(patch),
  });
  const stored = body?.description;
  if (stored && typeof stored.text === "string")
    return { text: stored.text, edited: stored.edited === true, generated: stored.generated ?? null };
  return { text: patch.text ?? "", edited: patch.text !== null, generated: null };
}
