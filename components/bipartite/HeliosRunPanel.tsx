"use client";

import { useMemo, useState } from "react";
import type { TableMeta } from "@/lib/core/model/dataset";
import type { TraceEvent } from "@/lib/core/trace";
import type { RunView } from "@/components/workbench/model/runView";
import { BipartiteGraph, BipartiteLegend } from "./BipartiteGraph";
import { answerStar, fallbackLabel, runGraphModel, starPassages } from "./runModel";
import { useBipartite } from "./queries";
import { StarView } from "./StarView";

/** Every event of a run view, in seq order (stage events live inside their stage groups). */
function viewEvents(view: RunView): TraceEvent[] {
  return view.timeline.flatMap((t) => (t.kind === "event" ? [t.event] : t.stage.events)).sort((a, b) => a.seq - b.seq);
}

/**
 * HELIOS on screen: the bipartite graph growing with the run's events, and the star view of the
 * answer's row (or of the row clicked in the graph). Node labels come from the dataset's G_d.
 */
export function HeliosRunPanel({ datasetId, tables, view }: { datasetId: string; tables: TableMeta[]; view: RunView }) {
  const graph = useBipartite(datasetId).data;
  const labels = useMemo(() => {
    const map = new Map<string, string>();
    for (const s of graph?.segments ?? []) map.set(s.id, `${s.table} #${s.rowId} · ${s.label}`);
    for (const p of graph?.passages ?? []) map.set(p.id, p.title);
    return (id: string) => map.get(id) ?? fallbackLabel(id);
  }, [graph]);
  const events = useMemo(() => viewEvents(view), [view]);
  const model = useMemo(() => runGraphModel(events, labels), [events, labels]);
  const [picked, setPicked] = useState<string | null>(null);
  const star = answerStar(events);
  const segment = picked && picked.startsWith("s:") ? picked : (star?.segment ?? null);
  const answer = view.answer;
  const answerCells =
    answer && segment
      ? answer.evidence
          .filter((c) => `s:${c.table}:${c.rowId}` === segment && String(c.value) === answer.text)
          .map((c) => c.column)
      : [];
  const passages = segment
    ? [...new Set([...(segment === star?.segment ? star.passages : []), ...starPassages(events, segment)])].slice(0, 8)
    : [];
  if (!model.nodes.length) return null;
  return (
    <section aria-label="Bipartite retrieval" className="space-y-1.5" data-testid="helios-panel">
      <h2 className="text-xs font-semibold tracking-wide text-zinc-500 uppercase">
        Rows ↔ passages ({model.edges.length} edges)
      </h2>
      <BipartiteLegend run />
      <BipartiteGraph
        model={model}
        onSelect={setPicked}
        height={Math.min(
          520,
          90 +
            30 *
              Math.max(
                model.nodes.filter((n) => n.side === "segment").length,
                model.nodes.filter((n) => n.side === "passage").length,
              ),
        )}
      />
      {segment ? (
        <StarView
          datasetId={datasetId}
          tables={tables}
          segment={segment}
          passages={passages}
          answerCells={answerCells}
          sentences={answer?.sentences ?? []}
        />
      ) : (
        <p className="text-xs text-zinc-500">Click a row in the graph to see its star.</p>
      )}
    </section>
  );
}
