"use client";

import { useCallback, useMemo, useState } from "react";
import { ColumnPanel } from "@/components/columns/ColumnPanel";
import { LoadState } from "@/components/index/LoadState";
import type { DatasetWithIndex, IndexInfo } from "@/components/index/types";
import { useColumns, useSchemaGraph } from "@/components/index/queries";
import { CurationPanel } from "./curation/CurationPanel";
import { useCuration } from "./curation/useCuration";
import { SchemaGraph } from "./SchemaGraph";
import { SemanticPanel } from "./semantic/SemanticPanel";

export interface Selection {
  table: string;
  column: string | null;
}

/**
 * The Schema graph tab: the graph on the left; on the right curation, what the selected table means
 * (the semantic model, correctable) and the selected table or column.
 */
export function SchemaView({
  dataset,
  indexKey,
  index,
}: {
  dataset: DatasetWithIndex;
  indexKey: string;
  index: IndexInfo | null;
}) {
  const graph = useSchemaGraph(dataset.id, indexKey);
  const columns = useColumns(dataset.id, indexKey);
  const [selected, setSelected] = useState<Selection | null>(null);
  const [drawing, setDrawing] = useState(false);
  const [pending, setPending] = useState<{ source: string; target: string } | null | "form">(null);
  // Every curation change invalidates the graph, the kept edges and the history.
  const curation = useCuration(dataset.id);
  const tableOrder = useMemo(() => dataset.tables.map((t) => t.name), [dataset.tables]);
  const rowCounts = useMemo(() => new Map(dataset.tables.map((t) => [t.name, t.rowCount])), [dataset.tables]);
  const onSelect = useCallback((table: string, column: string | null) => setSelected({ table, column }), []);
  const onDrawEdge = useCallback((source: string, target: string) => setPending({ source, target }), []);
  const current = selected ?? (tableOrder[0] ? { table: tableOrder[0], column: null } : null);

  return (
    <div className="grid gap-4 lg:grid-cols-[minmax(0,1fr)_22rem]">
      <div className="min-w-0">
        <LoadState load={graph} index={index} what="schema graph" />
        {graph.data ? (
          <SchemaGraph
            graph={graph.data}
            tableOrder={tableOrder}
            rowCounts={rowCounts}
            selected={selected}
            onSelect={onSelect}
            info={columns.data ?? null}
            drawing={drawing}
            onDrawEdge={onDrawEdge}
          />
        ) : null}
      </div>
      <div className="min-w-0 space-y-3">
        {graph.data ? (
          <CurationPanel
            datasetId={dataset.id}
            graph={graph.data}
            curation={curation}
            drawing={drawing}
            onDrawing={setDrawing}
            pending={pending}
            onPending={setPending}
          />
        ) : null}
        {current ? (
          <SemanticPanel datasetId={dataset.id} indexKey={indexKey} dataset={dataset} table={current.table} />
        ) : null}
        {current ? (
          <ColumnPanel
            datasetId={dataset.id}
            dataset={dataset}
            selection={current}
            onSelect={onSelect}
            columns={columns}
            indexKey={indexKey}
            index={index}
          />
        ) : null}
      </div>
    </div>
  );
}
