"use client";

import { Button } from "@/components/ui/Button";
import { ErrorPanel } from "@/components/ui/ErrorPanel";
import { Spinner } from "@/components/ui/Spinner";
import { DatasetRow } from "./DatasetRow";
import { useDatasets } from "./useDatasets";

const headers = ["Name", "Tables", "Rows", "Size", "Created", ""];

export function DatasetList() {
  const { datasets, error, loading, reload, replace, remove } = useDatasets();

  return (
    <section aria-labelledby="datasets-heading" className="rounded-lg border border-zinc-200 bg-white shadow-sm">
      <div className="flex items-center gap-2 border-b border-zinc-200 px-4 py-2.5">
        <h2 id="datasets-heading" className="text-sm font-semibold text-zinc-900">
          Datasets
        </h2>
        {datasets ? <span className="text-xs text-zinc-500 tabular-nums">{datasets.length}</span> : null}
        {loading ? <Spinner className="size-3.5 text-zinc-400" /> : null}
        <Button variant="ghost" size="sm" className="ml-auto" onClick={reload} disabled={loading}>
          Refresh
        </Button>
      </div>
      {error ? (
        <div className="p-4">
          <ErrorPanel
            title="Could not load datasets"
            testId="dataset-list-error"
            action={
              <Button size="sm" onClick={reload}>
                Retry
              </Button>
            }
          >
            {error}
          </ErrorPanel>
        </div>
      ) : null}
      {datasets === null ? (
        !error ? (
          <p className="px-4 py-8 text-center text-zinc-500">Loading datasets…</p>
        ) : null
      ) : (
        <div data-testid="dataset-list" className="overflow-x-auto">
          {datasets.length === 0 ? (
            <p data-testid="dataset-empty" className="px-4 py-10 text-center text-zinc-500">
              No datasets yet. Import a CSV, spreadsheet or SQLite file to start exploring.
            </p>
          ) : (
            <table className="w-full text-left text-sm">
              <thead className="bg-zinc-50 text-xs text-zinc-500">
                <tr>
                  {headers.map((h, i) => (
                    <th key={i} scope="col" className={`px-4 py-2 font-medium ${i > 0 && i < 4 ? "text-right" : ""}`}>
                      {h || <span className="sr-only">Actions</span>}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody className="divide-y divide-zinc-100">
                {datasets.map((d) => (
                  <DatasetRow key={d.id} dataset={d} onRenamed={replace} onDeleted={() => remove(d.id)} />
                ))}
              </tbody>
            </table>
          )}
        </div>
      )}
    </section>
  );
}
