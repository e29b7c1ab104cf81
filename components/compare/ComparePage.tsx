"use client";

import { useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { getDataset } from "@/components/api/endpoints";
import { queryKeys } from "@/components/api/queryKeys";
import { Breadcrumb } from "@/components/ui/Breadcrumb";
import { ErrorPanel } from "@/components/ui/ErrorPanel";
import { Spinner } from "@/components/ui/Spinner";
import { getMethods, getReasoners } from "@/components/workbench/api/endpoints";
import { CompareForm } from "./CompareForm";
import { CompareView } from "./CompareView";
import { useCompareAddress } from "./useCompareAddress";
import { useCompareStream } from "./useCompareStream";

/** The compare page of a dataset: the form, then the methods streaming side by side. */
export function ComparePage({ datasetId, initialQuestion }: { datasetId: string; initialQuestion?: string }) {
  const datasetQuery = useQuery({
    queryKey: queryKeys.datasetDetail(datasetId),
    queryFn: ({ signal }) => getDataset(datasetId, signal),
  });
  const methodsQuery = useQuery({
    queryKey: queryKeys.methods(datasetId),
    queryFn: ({ signal }) => getMethods(datasetId, signal),
  });
  const reasonersQuery = useQuery({ queryKey: queryKeys.reasoners(), queryFn: ({ signal }) => getReasoners(signal) });
  const setup = {
    isPending: datasetQuery.isPending || methodsQuery.isPending || reasonersQuery.isPending,
    isError: datasetQuery.isError || methodsQuery.isError || reasonersQuery.isError,
    error: datasetQuery.error ?? methodsQuery.error ?? reasonersQuery.error,
    data:
      datasetQuery.data && methodsQuery.data && reasonersQuery.data
        ? { dataset: datasetQuery.data, methods: methodsQuery.data, reasoners: reasonersQuery.data }
        : null,
  };
  const compare = useCompareStream(datasetId);
  const shown = useCompareAddress(datasetId, compare);
  if (setup.isPending && !setup.isError)
    return (
      <p className="flex items-center gap-2 py-10 text-zinc-500">
        <Spinner /> Loading…
      </p>
    );
  if (setup.isError)
    return (
      <ErrorPanel title="Could not open the compare page" testId="compare-load-error">
        {setup.error?.message}
      </ErrorPanel>
    );
  if (!setup.data) return null;
  const { dataset, methods, reasoners } = setup.data;
  return (
    <div className="space-y-4">
      <header className="space-y-1">
        <Breadcrumb
          crumbs={[
            { label: "Datasets", href: "/" },
            { label: dataset.name, href: `/datasets/${encodeURIComponent(datasetId)}`, testId: "dataset-link" },
            { label: "Compare" },
          ]}
        />
        <h1 className="text-lg font-semibold tracking-tight text-zinc-900">Compare methods on {dataset.name}</h1>
      </header>
      <CompareForm
        methods={methods}
        llmAvailable={reasoners.reasoners.some((r) => r.id === "llm" && r.available)}
        running={compare.running}
        initialQuestion={initialQuestion}
        preset={shown.preset}
        onCompare={shown.start}
      />
      {compare.error ? (
        <ErrorPanel title="The compare was not run" testId="compare-error">
          {compare.error}
        </ErrorPanel>
      ) : null}
      {shown.error ? (
        <ErrorPanel title="Could not open the compare" testId="compare-load-error">
          {shown.error.message}
        </ErrorPanel>
      ) : null}
      {shown.compareId ? (
        <p className="text-xs text-zinc-500">
          Stored as a compare:{" "}
          <Link
            href={`/compares/${encodeURIComponent(shown.compareId)}`}
            className="text-indigo-700 hover:underline"
            data-testid="compare-share-link"
          >
            share or replay it
          </Link>
        </p>
      ) : null}
      {shown.lanes.length ? <CompareView datasetId={datasetId} tables={dataset.tables} lanes={shown.lanes} /> : null}
    </div>
  );
}
