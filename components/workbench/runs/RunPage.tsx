"use client";

import { NamesProvider } from "@/components/names/NamesContext";
import Link from "next/link";
import { Breadcrumb } from "@/components/ui/Breadcrumb";
import { useQuery } from "@tanstack/react-query";
import { useMemo, useState } from "react";
import { ApiError, messageOf } from "@/components/api/client";
import { datasetQuery } from "@/components/datasets/useDataset";
import { ErrorPanel } from "@/components/ui/ErrorPanel";
import { formatDateTime } from "@/components/ui/format";
import { Spinner } from "@/components/ui/Spinner";
import { useRun } from "../queries";
import { buildRunView } from "../model/runView";
import { RunPanels } from "../RunPanels";
import { ReplayControls } from "./ReplayControls";
import { useBatchGoldCells } from "@/components/evaluate/useBatchGoldCells";
import { Lineage } from "@/components/steer/Lineage";
import { SteerPanel } from "@/components/steer/SteerPanel";
import { usePickAlternative } from "@/components/learning/usePickAlternative";

/** A stored run reopened from its events, with step-by-step replay. */
export function RunPage({ runId }: { runId: string }) {
  const runQuery = useRun(runId);
  const datasetId = runQuery.data?.datasetId;
  // A run outlives its dataset: a deleted one (404) shows the trace without the rows.
  const datasetLoad = useQuery({ ...datasetQuery(datasetId ?? ""), enabled: datasetId !== undefined });
  const deleted = datasetLoad.error instanceof ApiError && datasetLoad.error.status === 404;
  const [step, setStep] = useState<number | null>(null);
  const goldCells = useBatchGoldCells();
  const events = useMemo(() => runQuery.data?.events ?? [], [runQuery.data]);
  const shown = step ?? events.length;
  const view = useMemo(() => buildRunView(events.slice(0, shown)), [events, shown]);
  const picking = usePickAlternative(runId);

  const error = runQuery.error ?? (deleted ? null : datasetLoad.error);
  if (error)
    return (
      <ErrorPanel title="Could not open the run" testId="run-load-error">
        {messageOf(error)}
      </ErrorPanel>
    );
  if (!runQuery.data || (!datasetLoad.data && !deleted))
    return (
      <p className="flex items-center gap-2 py-10 text-zinc-500">
        <Spinner /> Loading run…
      </p>
    );
  const run = runQuery.data;
  const dataset = deleted ? null : (datasetLoad.data ?? null);
  const askAgain = `/datasets/${encodeURIComponent(run.datasetId)}/ask?q=${encodeURIComponent(run.question)}`;

  return (
    <NamesProvider tables={dataset?.tables ?? []}>
      <div className="space-y-4">
        <header className="space-y-1">
          <Breadcrumb
            crumbs={[
              { label: "Datasets", href: "/" },
              dataset
                ? { label: dataset.name, href: `/datasets/${encodeURIComponent(dataset.id)}` }
                : { label: "deleted dataset" },
              { label: "Run" },
            ]}
          />
          <h1 className="text-lg font-semibold tracking-tight text-zinc-900" data-testid="run-question">
            {run.question}
          </h1>
          <p className="text-xs text-zinc-500">
            {run.method.toUpperCase()} · {run.reasoner} reasoner ·{" "}
            <time dateTime={run.createdAt}>{formatDateTime(run.createdAt)}</time> ·{" "}
            <span data-testid="run-status">{run.status}</span>
            {dataset ? (
              <>
                {" "}
                ·{" "}
                <Link href={askAgain} className="text-indigo-700 hover:underline" data-testid="ask-again">
                  ask again
                </Link>
              </>
            ) : null}
          </p>
        </header>
        <Lineage run={run} />
        {dataset ? <SteerPanel run={run} dataset={dataset} /> : null}
        <ReplayControls events={events} step={shown} onStep={setStep} />
        {dataset ? (
          <RunPanels
            datasetId={dataset.id}
            tables={dataset.tables}
            view={view}
            live={shown < events.length}
            foldLong
            // Only a replay step marks (and scrolls to) its event: a run opened from a link starts at the top.
            currentSeq={step !== null && shown > 0 ? events[shown - 1].seq : undefined}
            goldCells={goldCells}
            readingActions={picking}
          />
        ) : (
          <ErrorPanel title="Its dataset was deleted">
            The trace is kept, but the rows behind the heatmap are gone.
          </ErrorPanel>
        )}
      </div>
    </NamesProvider>
  );
}
