import { apiFetch } from "@/components/api/client";
import type { RowsPage } from "@/components/api/types";
import type { MethodInfo, ReasonersResponse, RunDetail, RunSummary } from "./types";

const enc = encodeURIComponent;

/** The methods, each with what this dataset lacks for it (the server decides; the form only shows it). */
export async function getMethods(datasetId: string, signal?: AbortSignal): Promise<MethodInfo[]> {
  const url = `/api/methods?dataset=${enc(datasetId)}`;
  return (await apiFetch<{ methods: MethodInfo[] }>(url, { signal, cache: "no-store" })).methods;
}

export function getReasoners(signal?: AbortSignal): Promise<ReasonersResponse> {
  return apiFetch<ReasonersResponse>("/api/reasoners", { signal, cache: "no-store" });
}

export async function listRuns(datasetId: string, signal?: AbortSignal): Promise<RunSummary[]> {
  return (
    await apiFetch<{ runs: RunSummary[] }>(`/api/datasets/${enc(datasetId)}/runs?limit=50`, {
      signal,
      cache: "no-store",
    })
  ).runs;
}

export function getRun(runId: string, signal?: AbortSignal): Promise<RunDetail> {
  return apiFetch<RunDetail>(`/api/runs/${enc(runId)}`, { signal, cache: "no-store" });
}

/** Most ids per request; the server accepts 1,000, shorter URLs are kinder to proxies. */
const ROW_ID_CHUNK = 400;

/** Rows of a table by rowid (the ids trace events carry), fetched in chunks. */
export async function getRowsById(
  datasetId: string,
  table: string,
  rowIds: readonly number[],
  signal?: AbortSignal,
): Promise<RowsPage> {
  const chunks: number[][] = [];
  for (let i = 0; i < rowIds.length; i += ROW_ID_CHUNK) chunks.push(rowIds.slice(i, i + ROW_ID_CHUNK));
  const pages = await Promise.all(
    chunks.map((ids) =>
      apiFetch<RowsPage>(`/api/datasets/${enc(datasetId)}/tables/${enc(table)}/rows?rowIds=${ids.join(",")}`, {
        signal,
        cache: "no-store",
      }),
    ),
  );
  const rows = pages.flatMap((p) => p.rows).sort((a, b) => (a.rowId ?? 0) - (b.rowId ?? 0));
  return { total: pages[0]?.total ?? 0, offset: 0, rows };
}
