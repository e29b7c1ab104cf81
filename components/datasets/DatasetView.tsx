"use client";

import { useQueryClient } from "@tanstack/react-query";
import Link from "next/link";
import type { ReactNode } from "react";
import { ApiError, messageOf } from "@/components/api/client";
import { queryKeys } from "@/components/api/queryKeys";
import { Button } from "@/components/ui/Button";
import { ErrorPanel } from "@/components/ui/ErrorPanel";
import { Spinner } from "@/components/ui/Spinner";
import { DatasetTabs } from "@/components/index/DatasetTabs";
import { DatasetHeader } from "./DatasetHeader";
import { ConnectionBar } from "@/components/connect/ConnectionBar";
import { TableList } from "./TableList";
import { TablePanel } from "./TablePanel";
import { useDataset } from "./useDataset";
import { gridHref, useGridLocation } from "./useGridLocation";

const PANEL_ID = "table-panel";

/**
 * A dataset's page: its title line (notes, Ask and SQL), then its tables, whose grid starts above the
 * fold at 1024×768, then `runs` (the questions asked of it).
 */
export function DatasetView({ id, runs }: { id: string; runs?: ReactNode }) {
  const client = useQueryClient();
  const load = useDataset(id);
  // The chosen table, its filters and sort live in the URL (?table=…&f.…&sort=…):
  // a reload or a shared link opens the same rows.
  const grid = useGridLocation();
  const { table: selected, select } = grid;

  if (load.isPending) {
    return (
      <p className="flex items-center gap-2 py-10 text-zinc-500">
        <Spinner /> Loading dataset…
      </p>
    );
  }
  // A failed background poll keeps what was loaded; only a dataset never loaded shows the error.
  if (!load.data) {
    const notFound = load.error instanceof ApiError && load.error.status === 404;
    return (
      <div className="max-w-xl space-y-3">
        <ErrorPanel
          title={notFound ? "Dataset not found" : "Could not load the dataset"}
          testId="dataset-error"
          action={
            notFound ? null : (
              <Button size="sm" onClick={() => void load.refetch()}>
                Retry
              </Button>
            )
          }
        >
          {messageOf(load.error)}
        </ErrorPanel>
        <Link href="/" className="text-indigo-700 hover:underline">
          ← Back to datasets
        </Link>
      </div>
    );
  }

  const dataset = load.data;
  const index = Math.max(
    0,
    dataset.tables.findIndex((t) => t.name === selected),
  );
  const table = dataset.tables[index];
  const tablesView = table ? (
    <div className="grid gap-4 md:grid-cols-[15rem_minmax(0,1fr)]">
      <aside className="md:max-h-[calc(100vh-12rem)] md:overflow-y-auto">
        <h2 className="mb-1.5 px-1 text-xs font-semibold text-zinc-500">Tables</h2>
        <TableList tables={dataset.tables} selected={table.name} onSelect={select} panelId={PANEL_ID} />
      </aside>
      <TablePanel
        datasetId={dataset.id}
        table={table}
        // Filters in the URL belong to the table it names; another table opens unfiltered.
        filters={table.name === selected ? grid.filters : []}
        onFiltersChange={(filters) => grid.setFilters(filters, table.name)}
        sort={table.name === selected ? grid.sort : null}
        onSortChange={(sort) => grid.setSort(sort, table.name)}
        onOpenRow={grid.openRow}
        rowHref={(t, column, value) => gridHref(dataset.id, t, [{ column, op: "eq", value }])}
        panelId={PANEL_ID}
        tabId={`tab-${index}`}
        onReimported={() => void client.invalidateQueries({ queryKey: queryKeys.dataset(dataset.id) })}
      />
    </div>
  ) : (
    <p className="py-10 text-center text-zinc-500">This dataset has no tables.</p>
  );
  return (
    <div className="space-y-4">
      <DatasetHeader dataset={dataset} />
      {dataset.connection && <ConnectionBar datasetId={dataset.id} connection={dataset.connection} />}
      <DatasetTabs key={dataset.id} dataset={dataset} onOpenTable={select} tables={tablesView} />
      {runs}
    </div>
  );
}
