import type { DatasetDetail, DatasetSummary, TableMeta } from "@/lib/core/model/dataset";
import { type GridFilter, writeGridFilters } from "@/lib/core/model/grid-filter";
import { apiFetch, jsonBody } from "./client";
import type { ColumnFacet, DatasetListResponse, ImportProgress, RowsPage } from "./types";

const datasetUrl = (id: string) => `/api/datasets/${encodeURIComponent(id)}`;

export async function listDatasets(signal?: AbortSignal): Promise<DatasetSummary[]> {
  const body = await apiFetch<DatasetListResponse>("/api/datasets", { signal, cache: "no-store" });
  return body.datasets;
}

export function getDataset(id: string, signal?: AbortSignal): Promise<DatasetDetail> {
  return apiFetch<DatasetDetail>(datasetUrl(id), { signal, cache: "no-store" });
}

export function renameDataset(id: string, name: string): Promise<DatasetSummary> {
  return apiFetch<DatasetSummary>(datasetUrl(id), { method: "PATCH", ...jsonBody({ name }) });
}

export function deleteDataset(id: string): Promise<void> {
  return apiFetch<void>(datasetUrl(id), { method: "DELETE" });
}

export function getImportProgress(uploadId: string, signal?: AbortSignal): Promise<ImportProgress> {
  return apiFetch<ImportProgress>(`/api/imports/${encodeURIComponent(uploadId)}`, { signal, cache: "no-store" });
}

export interface RowsQuery {
  datasetId: string;
  tableName: string;
  sort: { column: string; dir: "asc" | "desc" } | null;
  filters?: readonly GridFilter[];
}

/** The rows API's address for a grid's sort and filters, with `params` first. */
function tableRowsUrl(query: RowsQuery, path: "rows" | "export", params: URLSearchParams): string {
  if (query.sort) {
    params.set("sort", query.sort.column);
    params.set("dir", query.sort.dir);
  }
  const search = writeGridFilters(params, query.filters ?? []);
  return `${datasetUrl(query.datasetId)}/tables/${encodeURIComponent(query.tableName)}/${path}?${search}`;
}

export function getRows(query: RowsQuery, offset: number, limit: number, signal?: AbortSignal): Promise<RowsPage> {
  const url = tableRowsUrl(query, "rows", new URLSearchParams({ offset: String(offset), limit: String(limit) }));
  return apiFetch<RowsPage>(url, { signal, cache: "no-store" });
}

/** Where the grid's rows download as CSV: the whole table, or its filtered, sorted view. */
export function tableExportUrl(query: RowsQuery): string {
  return tableRowsUrl(query, "export", new URLSearchParams());
}

/** A column's most frequent values with counts, among the rows the other filters keep. */
export function getFacet(
  datasetId: string,
  tableName: string,
  column: string,
  filters: readonly GridFilter[],
  signal?: AbortSignal,
): Promise<ColumnFacet> {
  const search = writeGridFilters(new URLSearchParams({ column }), filters);
  const url = `${datasetUrl(datasetId)}/tables/${encodeURIComponent(tableName)}/facets?${search}`;
  return apiFetch<ColumnFacet>(url, { signal, cache: "no-store" });
}

/** Re-imports one CSV/TSV table or sheet with another header depth; answers with its new metadata. */
export function setHeaderRows(datasetId: string, table: string, headerRows: number): Promise<TableMeta> {
  return reimportTable(datasetId, table, { headerRows });
}

/** Re-imports a CSV/TSV table or sheet from its kept file with another header depth and/or CSV dialect. */
export function reimportTable(
  datasetId: string,
  table: string,
  change: {
    headerRows: number;
    dialect?: Partial<Pick<NonNullable<TableMeta["dialect"]>, "delimiter" | "quote" | "escape">>;
  },
): Promise<TableMeta> {
  return apiFetch<TableMeta>(`${datasetUrl(datasetId)}/tables/${encodeURIComponent(table)}`, {
    method: "PATCH",
    ...jsonBody(change),
  });
}
