"use client";

import { useEffect, useState } from "react";
import type { DatasetDetail } from "@/lib/core/model/dataset";
import { type ApiError, isAbort } from "@/components/api/client";
import { getDataset } from "@/components/api/endpoints";

export type DatasetLoad =
  | { status: "loading" }
  | { status: "ready"; dataset: DatasetDetail }
  | { status: "error"; error: ApiError | Error };

export function useDataset(id: string, nonce: number): DatasetLoad {
  const [load, setLoad] = useState<DatasetLoad & { id?: string }>({ status: "loading" });

  useEffect(() => {
    const controller = new AbortController();
    getDataset(id, controller.signal)
      .then((dataset) => setLoad({ status: "ready", dataset, id }))
      .catch((err: unknown) => {
        if (isAbort(err)) return;
        setLoad({ status: "error", error: err instanceof Error ? err : new Error(String(err)), id });
      });
    return () => controller.abort();
  }, [id, nonce]);

  return load.id === id ? load : { status: "loading" };
}
