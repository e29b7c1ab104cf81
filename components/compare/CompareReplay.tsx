"use client";

import { useQueries, useQuery } from "@tanstack/react-query";
import { getDataset } from "@/components/api/endpoints";
import { queryKeys } from "@/components/api/queryKeys";
import { Breadcrumb } from "@/components/ui/Breadcrumb";
import { ErrorPanel } from "@/components/ui/ErrorPanel";
import { formatDateTime } from "@/components/ui/format";
import { Spinner } from "@/components/ui/Spinner";
import { getRun } from "@/components/workbench/api/endpoints";
import { getCompare } from "./api";
import { CompareView } from "./CompareView";
import type { Lane } from "./model";

/** A stored compare reopened from its runs' stored events; nothing re-runs. */
export function CompareReplay({ compareId }: { compareId: string }) {
  const compare = useQuery({
    queryKey: queryKeys.compare(compareId),
    queryFn: ({ signal }) => getCompare(compareId, signal),
  });
  const datasetId = compare.data?.datasetId;
  const dataset = useQuery({
    queryKey: queryKeys.datasetDetail(datasetId ?? ""),
    queryFn: ({ signal }) => getDataset(datasetId!, signal),
    enabled: !!datasetId,
  });
  const runs = useQueries({
    queries: (compare.data?.runs ?? []).map((r) => ({
      queryKey: queryKeys.run(r.runId),
      queryFn: ({ signal }: { signal: AbortSignal }) => getRun(r.runId, signal),
    })),
  });
  if (compare.isError || dataset.isError)
    return (
      <ErrorPanel title="Could not open the compare" testId="compare-load-error">
        {(compare.error ?? dataset.error)?.message}
      </ErrorPanel>
    );
  if (!compare.data || !dataset.data || runs.some((r) => r.isPending))
    return (
      <p className="flex items-center gap-2 py-10 text-zinc-500">
        <Spinner /> Loading compare…
      </p>
    );
  const lanes: Lane[] = compare.data.runs.map((r, i) => ({
    method: r.method,
    runId: r.runId,
    events: runs[i].data?.events ?? [],
  }));
  return (
    <div className="space-y-4">
      <header className="space-y-1">
        <Breadcrumb
          crumbs={[
            { label: "Datasets", href: "/" },
            { label: dataset.data.name, href: `/datasets/${encodeURIComponent(dataset.data.id)}` },
            { label: "Compare" },
          ]}
        />
        <h1 className="text-lg font-semibold tracking-tight text-zinc-900" data-testid="compare-question-title">
          {compare.data.question}
        </h1>
        <p className="text-xs text-zinc-500">
          {compare.data.reasoner} reasoner ·{" "}
          <time dateTime={compare.data.createdAt}>{formatDateTime(compare.data.createdAt)}</time>
        </p>
      </header>
      <CompareView datasetId={dataset.data.id} tables={dataset.data.tables} lanes={lanes} />
    </div>
  );
}
