"use client";

import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { queryKeys } from "@/components/api/queryKeys";
import type { SchemaGraphResponse } from "@/components/index/types";
import { Button } from "@/components/ui/Button";
import { ErrorPanel } from "@/components/ui/ErrorPanel";
import { exportUrl, getCurated, getHistory, type StoredEdge } from "./api";
import { CandidateList } from "./CandidateList";
import { CuratedEdgeRow } from "./CuratedEdgeRow";
import { EdgeForm } from "./EdgeForm";
import { HistoryPanel } from "./HistoryPanel";
import { ImportButton } from "./ImportButton";
import type { useCuration } from "./useCuration";
import { useUndoKeys } from "./useUndoKeys";

type Curation = ReturnType<typeof useCuration>;

/**
 * Curating the schema graph by hand (SGAM §3.2): draw edges by dragging between columns (or
 * with the form), relabel, change kind, delete, accept or reject discovered joins, undo and
 * redo, the history of every change, and import/export as JSON.
 */
export function CurationPanel({
  datasetId,
  graph,
  curation,
  drawing,
  onDrawing,
  pending,
  onPending,
}: {
  datasetId: string;
  graph: SchemaGraphResponse;
  curation: Curation;
  drawing: boolean;
  onDrawing: (on: boolean) => void;
  pending: { source: string; target: string } | null | "form";
  onPending: (p: { source: string; target: string } | null | "form") => void;
}) {
  const kept = useQuery({
    queryKey: queryKeys.curatedEdges(datasetId),
    queryFn: ({ signal }) => getCurated(datasetId, signal),
  });
  const history = useQuery({
    queryKey: queryKeys.curationHistory(datasetId),
    queryFn: ({ signal }) => getHistory(datasetId, signal),
  });
  const [showHistory, setShowHistory] = useState(false);
  useUndoKeys(curation);
  const columns = graph.nodes.map((n) => n.id);
  const edges: StoredEdge[] = kept.data ?? [];

  return (
    <section
      aria-label="Curate the schema graph"
      data-testid="curation-panel"
      className="space-y-2 rounded-md border border-zinc-200 bg-zinc-50 p-2"
    >
      <div className="flex flex-wrap items-center gap-1.5">
        <h3 className="mr-auto text-xs font-semibold tracking-wide text-zinc-500 uppercase">Curate</h3>
        <Button
          size="sm"
          variant={drawing ? "primary" : "secondary"}
          aria-pressed={drawing}
          data-testid="draw-mode"
          onClick={() => onDrawing(!drawing)}
          title="Drag from one column to another to add an edge"
        >
          {drawing ? "Drawing: drag column → column" : "Draw edges"}
        </Button>
        <Button size="sm" onClick={() => onPending("form")} data-testid="add-edge">
          Add…
        </Button>
        <Button
          size="sm"
          variant="ghost"
          disabled={!curation.canUndo}
          onClick={curation.undo}
          data-testid="undo"
          title="Undo (Ctrl+Z)"
        >
          ↶ Undo
        </Button>
        <Button
          size="sm"
          variant="ghost"
          disabled={!curation.canRedo}
          onClick={curation.redo}
          data-testid="redo"
          title="Redo (Ctrl+Shift+Z)"
        >
          ↷ Redo
        </Button>
      </div>
      {curation.error ? (
        <ErrorPanel title="The change was refused" testId="curation-error">
          {curation.error}
        </ErrorPanel>
      ) : null}
      {pending ? (
        <EdgeForm
          key={pending === "form" ? "form" : `${pending.source}>${pending.target}`}
          columns={columns}
          initial={pending === "form" ? null : pending}
          busy={curation.busy}
          onCancel={() => {
            curation.clearError();
            onPending(null);
          }}
          onSave={async (e) => {
            // A refused edge keeps the form open, with the server's reason above it.
            if (await curation.add(e)) onPending(null);
          }}
        />
      ) : null}
      <div>
        <p className="mb-1 text-xs text-zinc-600">
          {edges.length ? `${edges.length} edge(s) kept by hand` : "No hand-made edges yet."}
        </p>
        <ul className="space-y-1" data-testid="curated-edges">
          {edges.map((e) => (
            <CuratedEdgeRow
              key={`${e.id}:${e.updatedAt}`}
              edge={e}
              busy={curation.busy}
              onUpdate={(patch) => curation.update(e, patch)}
              onDelete={() => curation.remove(e)}
            />
          ))}
        </ul>
      </div>
      <CandidateList
        graph={graph}
        busy={curation.busy}
        onDecide={(c, status) =>
          curation.add({ source: c.source, target: c.target, kind: "join", status, label: c.label })
        }
      />
      <div className="flex flex-wrap items-center gap-1.5 border-t border-zinc-200 pt-2">
        <a
          href={exportUrl(datasetId)}
          download={`schema-graph-${datasetId}.json`}
          data-testid="export-graph"
          className="text-xs text-indigo-700 hover:underline"
        >
          Export JSON
        </a>
        <ImportButton datasetId={datasetId} current={edges} />
        <Button
          size="sm"
          variant="ghost"
          className="ml-auto"
          onClick={() => setShowHistory((s) => !s)}
          data-testid="toggle-history"
          aria-expanded={showHistory}
        >
          History{history.data ? ` (${history.data.length})` : ""}
        </Button>
      </div>
      {showHistory && history.data ? <HistoryPanel history={history.data} /> : null}
    </section>
  );
}
