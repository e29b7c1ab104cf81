"use client";

import { useDatasetName } from "@/components/datasets/useDataset";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { queryKeys } from "@/components/api/queryKeys";
import { messageOf } from "@/components/api/client";
import { Breadcrumb } from "@/components/ui/Breadcrumb";
import { Button } from "@/components/ui/Button";
import { ErrorPanel } from "@/components/ui/ErrorPanel";
import { formatDateTime } from "@/components/ui/format";
import { ProgressBar } from "@/components/ui/ProgressBar";
import { AccuracyCharts } from "./AccuracyCharts";
import { LearnFromBatch } from "@/components/learning/LearnFromBatch";
import { type BatchReport, cancelBatch, exportUrl, getBatch, getBatchItems } from "./api";
import { QuestionTable } from "./QuestionTable";
import { SummaryTable } from "./SummaryTable";

const active = (r: BatchReport | undefined) => r?.status === "queued" || r?.status === "running";

function timeLeft(ms: number | null): string {
  if (ms === null) return "";
  const s = Math.round(ms / 1000);
  if (s < 60) return `about ${s} s left`;
  const m = Math.round(s / 60);
  return m < 60 ? `about ${m} min left` : `about ${Math.floor(m / 60)} h ${m % 60} min left`;
}

/** A batch: progress while it runs (it goes on in the background), then its numbers and every question. */
export function BatchPage({ batchId }: { batchId: string }) {
  const queryClient = useQueryClient();
  const report = useQuery({
    queryKey: queryKeys.batch(batchId),
    queryFn: ({ signal }) => getBatch(batchId, signal),
    refetchInterval: (q) => (active(q.state.data) ? 1500 : false),
  });
  const items = useQuery({
    queryKey: queryKeys.batchItems(batchId, report.data?.done ?? 0),
    queryFn: ({ signal }) => getBatchItems(batchId, signal),
    enabled: report.isSuccess,
    placeholderData: (previous) => previous,
  });
  const cancel = useMutation({
    mutationFn: () => cancelBatch(batchId),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: queryKeys.batch(batchId) }),
  });
  const datasetName = useDatasetName(report.data?.datasetId);
  if (report.isError) return <ErrorPanel title="Could not open the batch">{messageOf(report.error)}</ErrorPanel>;
  const r = report.data;
  if (!r) return <p className="py-10 text-zinc-500">Loading batch…</p>;
  return (
    <div className="space-y-5">
      <Breadcrumb
        crumbs={[
          { label: "Datasets", href: "/" },
          { label: datasetName, href: `/datasets/${encodeURIComponent(r.datasetId)}` },
          { label: r.setName, href: `/question-sets/${encodeURIComponent(r.setId)}` },
          { label: `Batch of ${formatDateTime(r.createdAt)}` },
        ]}
      />
      <header className="space-y-2">
        <h1 className="text-lg font-semibold">
          {r.setName}: {r.methods.map((m) => m.toUpperCase()).join(" × ")} · {r.reasoner} reasoner
        </h1>
        <p className="text-xs text-zinc-500">
          Started {formatDateTime(r.createdAt)}
          {Object.keys(r.params).length ? ` · parameters ${JSON.stringify(r.params)}` : ""}
        </p>
        <div className="flex flex-wrap items-center gap-3">
          <span className="w-72">
            <ProgressBar value={r.done} max={r.total} label="Batch progress" />
          </span>
          <span className="text-sm tabular-nums" data-testid="batch-progress">
            {r.done}/{r.total}
          </span>
          <span className="text-sm font-medium" data-testid="batch-status" data-status={r.status}>
            {r.status}
          </span>
          <span className="text-xs text-zinc-500" data-testid="batch-eta">
            {active(r) ? timeLeft(r.etaMs) : ""}
          </span>
          {active(r) ? (
            <Button
              size="sm"
              variant="danger"
              onClick={() => cancel.mutate()}
              disabled={cancel.isPending}
              data-testid="batch-cancel"
            >
              Cancel
            </Button>
          ) : null}
          <span className="grow" />
          <LearnFromBatch batchId={batchId} datasetId={r.datasetId} active={active(r)} />
          <a
            className="text-xs text-indigo-700 hover:underline"
            href={exportUrl(batchId, "csv")}
            data-testid="export-csv"
          >
            Export CSV
          </a>
          <a
            className="text-xs text-indigo-700 hover:underline"
            href={exportUrl(batchId, "json")}
            data-testid="export-json"
          >
            Export JSON
          </a>
        </div>
        {r.error ? <p className="text-xs text-red-700">{r.error}</p> : null}
      </header>
      <section className="rounded-lg border border-zinc-200 bg-white p-4 shadow-sm">
        <SummaryTable report={r} />
      </section>
      <section className="rounded-lg border border-zinc-200 bg-white p-4 shadow-sm">
        <AccuracyCharts report={r} />
      </section>
      {items.data ? <QuestionTable batchId={batchId} methods={r.methods} items={items.data} /> : null}
    </div>
  );
}
