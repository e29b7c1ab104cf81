"use client";

import { useQuery } from "@tanstack/react-query";
import { getDataset } from "@/components/api/endpoints";
import { queryKeys } from "@/components/api/queryKeys";
import { Breadcrumb } from "@/components/ui/Breadcrumb";
import { ErrorPanel } from "@/components/ui/ErrorPanel";
import { formatDateTime } from "@/components/ui/format";
import { Spinner } from "@/components/ui/Spinner";
import { CompareView } from "./CompareView";
import { useStoredCompare } from "./useStoredCompare";

/** A stored compare reopened from its runs' stored events; nothing re-runs. */
export function CompareReplay({ compareId }: { compareId: string }) {
  const stored = useStoredCompare(compareId);
  const datasetId = stored.compare?.datasetId;
  const dataset = useQuery({
    queryKey: queryKeys.datasetDetail(datasetId ?? ""),
    queryFn: ({ signal }) => getDataset(datasetId!, signal),
    enabled: !!datasetId,
  });
  const error = stored.error ?? dataset.error;
  if (error)
    return (
      <ErrorPanel title="Could not open the compare" testId="compare-load-error">
        {error.message}
      </ErrorPanel>
    );
  const { compare, lanes } = stored;
  if (!compare || !dataset.data || !lanes)
    return (
      <p className="flex items-center gap-2 py-10 text-zinc-500">
        <Spinner /> Loading compare…
      </p>
    );
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
          {compare.question}
        </h1>
        <p className="text-xs text-zinc-500">
          {compare.reasoner} reasoner · <time dateTime={compare.createdAt}>{formatDateTime(compare.createdAt)}</time>
        </p>
      </header>
      <CompareView datasetId={dataset.data.id} tables={dataset.data.tables} lanes={lanes} />
    </div>
  );
}
