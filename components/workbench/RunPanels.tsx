import { NamesProvider } from "@/components/names/NamesContext";
import { useMemo } from "react";
import { CellGraphView } from "@/components/cellgraph/CellGraphView";
import { graphWalk } from "@/components/cellgraph/model";
import { HeliosRunPanel } from "@/components/bipartite/HeliosRunPanel";
import type { TableMeta } from "@/lib/core/model/dataset";
import { AnswerPanel } from "./answer/AnswerPanel";
import type { ReadingActions } from "./answer/AnswerReading";
import { HeatmapSection } from "./heatmap/HeatmapSection";
import type { RunView } from "./model/runView";
import { PathsGraph } from "./paths/PathsGraph";
import { Timeline } from "./timeline/Timeline";

/** A run on screen: the timeline on the left; the answer and the heatmaps on the right. */
export function RunPanels({
  datasetId,
  tables,
  view,
  live,
  currentSeq,
  goldCells,
  foldLong,
  readingActions,
}: {
  datasetId: string;
  tables: TableMeta[];
  view: RunView;
  live: boolean;
  currentSeq?: number;
  /** A batch's gold cells for the question, outlined on the heatmap. */
  goldCells?: readonly string[];
  /** A stored run: long finished stages start folded. */
  foldLong?: boolean;
  /** Picking one of the answer's other readings (re-answers the question). */
  readingActions?: ReadingActions;
}) {
  const walk = useMemo(() => graphWalk(runEvents(view)), [view]);
  return (
    <NamesProvider tables={tables}>
      <div className="grid items-start gap-4 lg:grid-cols-[minmax(0,27rem)_minmax(0,1fr)]">
        <section aria-label="Trace" className="min-w-0 space-y-1.5">
          <h2 className="text-xs font-semibold tracking-wide text-zinc-500 uppercase">Trace</h2>
          <Timeline view={view} live={live} currentSeq={currentSeq} foldLong={foldLong} />
        </section>
        <div className="min-w-0 space-y-4 lg:sticky lg:top-16">
          <AnswerPanel view={view} live={live} actions={readingActions} />
          {view.paths.length ? <PathsGraph datasetId={datasetId} tables={tables} view={view} /> : null}
          {walk.table && tables.some((t) => t.name === walk.table) ? (
            <CellGraphView datasetId={datasetId} table={walk.table} walk={walk} />
          ) : null}
          {retrievesEdges(view) ? <HeliosRunPanel datasetId={datasetId} tables={tables} view={view} /> : null}
          <HeatmapSection datasetId={datasetId} tables={tables} view={view} goldCells={goldCells} />
        </div>
      </div>
    </NamesProvider>
  );
}

/** Whether the run retrieved row–passage edges (its events say so, whichever method emitted them). */
function retrievesEdges(view: RunView): boolean {
  return runEvents(view).some((e) => e.type === "edge-retrieval");
}

/** The run's events in seq order, from the timeline the view already built. */
function runEvents(view: RunView) {
  return view.timeline.flatMap((t) => (t.kind === "stage" ? t.stage.events : [t.event])).sort((a, b) => a.seq - b.seq);
}
