import { apiFetch, jsonBody } from "@/components/api/client";

export type ConnectPolicy = { secretConfigured: boolean };
export type ConnectResult = {
  id: string;
  name: string;
  kind: "postgres";
  tables: Array<{ name: string; rowCount: number; rowCountEstimated: boolean; isView: boolean }>;
  notes: string[];
};

export const connectPolicyKey = ["connect-policy"] as const;

export function getConnectPolicy(signal?: AbortSignal): Promise<ConnectPolicy> {
  return apiFetch<ConnectPolicy>("/api/datasets/connect", { signal });
}

export function connectDatabase(body: { name: string; url: string; schemas: string[] }): Promise<ConnectResult> {
  return apiFetch<ConnectResult>("/api/datasets/connect", { method: "POST", ...jsonBody(body) });
}

/** Re-reads a connected dataset's catalog and re-indexes it (POST …/index does both). */
export function refreshSchema(datasetId: string): Promise<unknown> {
  return apiFetch(`/api/datasets/${encodeURIComponent(datasetId)}/index`, { method: "POST" });
}
