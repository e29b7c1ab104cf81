"use client";

import Link from "next/link";
import { useRuns } from "../queries";
import { RunHistory } from "./RunHistory";

/** Under a dataset's tables: the questions asked of it before (the Ask and SQL links are in its title line). */
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
        <h2 className="text-sm font-semibold text-zinc-800">Questions asked</h2>
        <p className="text-xs text-zinc-500">
          Each opens its run: FGTR voting on columns, following join paths and picking cells, step by step.
        </p>
        <Link
          href={`/datasets/${encodeURIComponent(datasetId)}/ask`}
          className="ml-auto rounded-md px-3 py-1.5 text-xs font-medium text-indigo-700 hover:bg-indigo-100"
        >
          Ask another
        </Link>
      </div>
      {runs.data ? <RunHistory runs={runs.data.slice(0, 5)} emptyText="No questions asked yet." /> : null}
    </section>
  );
}
