"use client";

import Link from "next/link";
import { useRuns } from "../queries";
import { RunHistory } from "./RunHistory";

/** On a dataset's page: the way to the workbench and the questions asked before. */
export function DatasetRunsPanel({ datasetId }: { datasetId: string }) {
  const runs = useRuns(datasetId);
  if (runs.isError) return null; // the dataset page shows why it could not load
  return (
    <section
      className="space-y-2 rounded-lg border border-indigo-100 bg-indigo-50/40 p-3"
      aria-label="Questions"
      data-testid="dataset-runs"
    >
      <div className="flex flex-wrap items-center gap-3">
        <h2 className="text-sm font-semibold text-zinc-800">Ask this dataset a question</h2>
        <p className="text-xs text-zinc-500">
          and watch FGTR vote on columns, follow join paths and pick cells, step by step.
        </p>
        <Link
          href={`/datasets/${encodeURIComponent(datasetId)}/sql`}
          data-testid="sql-link"
          className="ml-auto rounded-md px-3 py-1.5 text-xs font-medium text-indigo-700 hover:bg-indigo-100"
        >
          Write SQL
        </Link>
        <Link
          href={`/datasets/${encodeURIComponent(datasetId)}/ask`}
          data-testid="ask-link"
          className={
            "rounded-md bg-indigo-600 px-3 py-1.5 text-xs font-medium text-white shadow-sm " + "hover:bg-indigo-700"
          }
        >
          Ask a question
        </Link>
      </div>
      {runs.data ? <RunHistory runs={runs.data.slice(0, 5)} emptyText="No questions asked yet." /> : null}
    </section>
  );
}
