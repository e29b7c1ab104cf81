"use client";
import { NamesProvider } from "@/components/names/NamesContext";

import { useMemo } from "react";
import type { TableMeta } from "@/lib/core/model/dataset";
import { Agreement, CompareColumns } from "./CompareColumns";
import { CompareHeatmap } from "./CompareHeatmap";
import { CompareStages } from "./CompareStages";
import { type Lane, summarize } from "./model";

/** A compare, live or replayed: columns per method, agreement, stages side by side, the combined heatmap. */
export function CompareView({ datasetId, tables, lanes }: { datasetId: string; tables: TableMeta[]; lanes: Lane[] }) {
  const summaries = useMemo(() => summarize(lanes), [lanes]);
  return (
    <NamesProvider tables={tables}>
      <div className="space-y-4" data-testid="compare-view">
        <Agreement lanes={summaries} />
        <CompareColumns lanes={summaries} />
        <section className="space-y-1" aria-label="Stages">
          <h2 className="text-xs font-semibold tracking-wide text-zinc-500 uppercase">Stages side by side</h2>
          <CompareStages lanes={lanes} />
        </section>
        <CompareHeatmap datasetId={datasetId} tables={tables} lanes={lanes} />
      </div>
    </NamesProvider>
  );
}
