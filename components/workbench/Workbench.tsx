"use client";

import { NamesProvider } from "@/components/names/NamesContext";
import { askPlaceholder } from "@/lib/core/names/ask-placeholder";
import Link from "next/link";
import { Breadcrumb } from "@/components/ui/Breadcrumb";
import { messageOf } from "@/components/api/client";
import { useDataset } from "@/components/datasets/useDataset";
import { ErrorPanel } from "@/components/ui/ErrorPanel";
import { Spinner } from "@/components/ui/Spinner";
import { AskForm } from "./form/AskForm";
import { useAsk } from "./hooks/useAsk";
import { useMethods, useReasoners, useRuns } from "./queries";
import { useShownRun } from "./hooks/useShownRun";
import { RunHistory } from "./runs/RunHistory";
import { RunPanels } from "./RunPanels";
import { LiveProblems, StoredRunStatus } from "./runs/RunNotices";

/** The ask page: question form, the live trace, answer and heatmaps, and the dataset's past runs. */
export function Workbench({ datasetId, initialQuestion }: { datasetId: string; initialQuestion?: string }) {
  const dataset = useDataset(datasetId);
  const methods = useMethods(datasetId);
  const reasoners = useReasoners();
  const run = useAsk(datasetId);
  const history = useRuns(datasetId);
  const shown = useShownRun(datasetId, run);

  const setupError = dataset.error ?? methods.error ?? reasoners.error;
  if (setupError && !(dataset.data && methods.data && reasoners.data))
    return (
      <ErrorPanel title="Could not open the workbench" testId="workbench-error">
        {messageOf(setupError)}
      </ErrorPanel>
    );
  if (!dataset.data || !methods.data || !reasoners.data)
    return (
      <p className="flex items-center gap-2 py-10 text-zinc-500">
        <Spinner /> Loading…
      </p>
    );
  const { name, tables } = dataset.data;
  const live = shown.kind === "live";

  return (
    <NamesProvider tables={tables}>
      <div className="space-y-4">
        <header className="space-y-1">
          <Breadcrumb
            crumbs={[
              { label: "Datasets", href: "/" },
              { label: name, href: `/datasets/${encodeURIComponent(datasetId)}`, testId: "dataset-link" },
              { label: "Ask" },
            ]}
          />
          <h1 className="text-lg font-semibold tracking-tight text-zinc-900" data-testid="workbench-title">
            Ask {name}
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
          methods={methods.data}
          reasoners={reasoners.data}
          running={run.status === "running"}
          onAsk={shown.ask}
          onCancel={run.cancel}
          initialQuestion={initialQuestion}
          tables={tables.map((t) => t.name)}
          placeholder={askPlaceholder(tables)}
          preset={shown.kind === "stored" && shown.run ? shown.run : undefined}
        />
        {live ? <LiveProblems run={run} ended={Boolean(shown.view.end)} /> : null}
        {shown.kind === "stored" ? <StoredRunStatus shown={shown} /> : null}
        {shown.kind !== "none" ? (
          <div className="space-y-2">
            {shown.runId && !(live && run.status === "running") ? (
              <p className="text-xs text-zinc-500">
                Stored as a run:{" "}
                <Link
                  href={`/runs/${encodeURIComponent(shown.runId)}`}
                  data-testid="current-run-link"
                  className="text-indigo-700 hover:underline"
                >
                  open it to replay step by step
                </Link>
              </p>
            ) : null}
            <RunPanels
              datasetId={datasetId}
              tables={tables}
              view={shown.view}
              live={live ? run.status === "running" : shown.run?.status === "running"}
              readingActions={shown.runId ? { onPick: (n) => shown.pick(shown.runId!, n) } : undefined}
            />
          </div>
        ) : null}
        <section className="space-y-1.5" aria-label="Past runs">
          <h2 className="text-xs font-semibold tracking-wide text-zinc-500 uppercase">Past runs</h2>
          {history.data ? (
            <RunHistory runs={history.data} />
          ) : history.error ? (
            <p className="text-xs text-red-700">{messageOf(history.error)}</p>
          ) : null}
        </section>
      </div>
    </NamesProvider>
  );
}
