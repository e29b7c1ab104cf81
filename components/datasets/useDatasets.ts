"use client";

import { useCallback, useEffect, useState } from "react";
import type { DatasetSummary } from "@/lib/core/model/dataset";
import { isAbort, messageOf } from "@/components/api/client";
import { listDatasets } from "@/components/api/endpoints";

export interface DatasetsState {
  datasets: DatasetSummary[] | null;
  error: string | null;
  loading: boolean;
  reload: () => void;
  /** Local updates so the row changes at once; a reload follows to pick up anything else. */
  replace: (dataset: DatasetSummary) => void;
  remove: (id: string) => void;
}

export function useDatasets(refreshKey: number): DatasetsState {
  const [datasets, setDatasets] = useState<DatasetSummary[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [loading, setLoading] = useState(true);
  const [nonce, setNonce] = useState(0);

  useEffect(() => {
    const controller = new AbortController();
    setLoading(true);
    listDatasets(controller.signal)
      .then((list) => {
        setDatasets(list);
        setError(null);
      })
      .catch((err: unknown) => {
        if (!isAbort(err)) setError(messageOf(err));
      })
      .finally(() => {
        if (!controller.signal.aborted) setLoading(false);
      });
    return () => controller.abort();
  }, [refreshKey, nonce]);

  const reload = useCallback(() => setNonce((n) => n + 1), []);
  const replace = useCallback(
    (dataset: DatasetSummary) =>
      setDatasets((list) => list?.map((d) => (d.id === dataset.id ? { ...d, ...dataset } : d)) ?? null),
    [],
  );
  const remove = useCallback((id: string) => setDatasets((list) => list?.filter((d) => d.id !== id) ?? null), []);
  return { datasets, error, loading, reload, replace, remove };
}
