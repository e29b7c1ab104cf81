"use client";

import Link from "next/link";
import { Breadcrumb } from "@/components/ui/Breadcrumb";
import { useEffect, useMemo, useState } from "react";
import { getDataset } from "@/components/api/endpoints";
import { searchPassages } from "@/components/bipartite/api";
import { ErrorPanel } from "@/components/ui/ErrorPanel";
import { Spinner } from "@/components/ui/Spinner";
import { getMethods, getReasoners, listRuns } from "./api/endpoints";
import { AskForm } from "./form/AskForm";
import { useAsk } from "./hooks/useAsk";
import { useLoad } from "./hooks/useLoad";
import { buildRunView } from "./model/runView";
import { RunHistory } from "./runs/RunHistory";
import { RunPanels } from "./RunPanels";

/** The ask page: question form, the live trace, answer and heatmaps, and the dataset's past runs. */
export function Workbench({ datasetId, initialQuestion }: { datasetId: string; initialQuestion?: string }) {
  const setup = useLoad(`setup:${datasetId}`, async (signal) => {
    const [dataset, methods, reasoners, passages] = await Promise.all([
      getDataset(datasetId, signal),
      getMethods(signal),
      getReasoners(signal),
      searchPassages(datasetId, "", 0, signal),
    ]);
    // HELIOS reads rows with their passages; without any it still runs, on rows alone.
    return {
      dataset,
      methods: methods.map((m) =>
        m.id === "helios" && passages.total === 0 ? { ...m, label: `${m.label} (add passages first)` } : m,
      ),
      reasoners,
    };
  });
  const run = useAsk(datasetId);
  const [historyNonce, setHistoryNonce] = useState(0);
  useEffect(() => {
    if (run.status === "done" || run.status === "error" || run.status === "cancelled") setHistoryNonce((n) => n + 1);
  }, [run.status]);
  const history = useLoad(`runs:${datasetId}:${historyNonce}`, (signal) => listRuns(datasetId, signal));
  const view = useMemo(() => buildRunView(run.events), [run.events]);

  if (setup.status === "loading")
    return (
      <p className="flex items-center gap-2 py-10 text-zinc-500">
        <Spinner /> Loading…
      </p>
    );
  if (setup.status === "error")
    return (
      <ErrorPanel title="Could not open the workbench" testId="workbench-error">
        {setup.error}
      </ErrorPanel>
    );
  const { dataset, methods, reasoners } = setup.data;
  const runId = view.start?.runId;

  return (
    <div className="space-y-4">
      <header className="space-y-1">
        <Breadcrumb
          crumbs={[
            { label: "Datasets", href: "/" },
            { label: dataset.name, href: `/datasets/${encodeURIComponent(datasetId)}`, testId: "dataset-link" },
            { label: "Ask" },
          ]}
        />
        <h1 className="text-lg font-semibold tracking-tight text-zinc-900" data-testid="workbench-title">
          Ask {dataset.name}
        </h1>
        <Link
          href={`/datasets/${encodeURIComponent(datasetId)}/compare`}
          className="text-xs text-indigo-700 hover:underline"
          data-testid="compare-link"
        >
          Compare 2–4 methods on one question
        </Link>
      </header>
      <AskForm
        methods={methods}
        reasoners={reasoners}
        running={run.status === "running"}
        onAsk={run.ask}
        onCancel={run.cancel}
        initialQuestion={initialQuestion}
        tables={dataset.tables.map((t) => t.name)}
      />
      {run.error ? (
        <ErrorPanel title="The question was not run" testId="ask-error">
          {run.error}
        </ErrorPanel>
      ) : null}
      {run.status === "done" && run.events.length > 0 && !view.end ? (
        <ErrorPanel title="The stream stopped early" testId="stream-incomplete">
          The connection ended before the run finished; what arrived is shown below. The server keeps the run: reopen it
          from Past runs.
        </ErrorPanel>
      ) : null}
      {run.status !== "idle" ? (
        <div className="space-y-2">
          {runId && run.status !== "running" ? (
            <p className="text-xs text-zinc-500">
              Stored as a run:{" "}
              <Link
                href={`/runs/${encodeURIComponent(runId)}`}
                data-testid="current-run-link"
                className="text-indigo-700 hover:underline"
              >
                open it to replay step by step
              </Link>
            </p>
          ) : null}
          <RunPanels datasetId={datasetId} tables={dataset.tables} view={view} live={run.status === "running"} />
        </div>
      ) : null}
      <section className="space-y-1.5" aria-label="Past runs">
        <h2 className="text-xs font-semibold tracking-wide text-zinc-500 uppercase">Past runs</h2>
        {history.status === "ready" ? (
          <RunHistory runs={history.data} />
        ) : history.status === "error" ? (
          <p className="text-xs text-red-700">{history.error}</p>
        ) : null}
      </section>
    </div>
  );
}
