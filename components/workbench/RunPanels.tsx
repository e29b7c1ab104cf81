import { HeliosRunPanel } from "@/components/bipartite/HeliosRunPanel";
import type { TableMeta } from "@/lib/core/model/dataset";
import { AnswerPanel } from "./answer/AnswerPanel";
import { HeatmapSection } from "./heatmap/HeatmapSection";
import type { RunView } from "./model/runView";
import { Timeline } from "./timeline/Timeline";

/** A run on screen: the timeline on the left; the answer and the heatmaps on the right. */
export function RunPanels({ datasetId, tables, view, live, currentSeq }: {
  datasetId: string;
  tables: TableMeta[];
  view: RunView;
  live: boolean;
  currentSeq?: number;
}) {
  return (
    <div className="grid items-start gap-4 lg:grid-cols-[minmax(0,27rem)_minmax(0,1fr)]">
      <section aria-label="Trace" className="min-w-0 space-y-1.5">
        <h2 className="text-xs font-semibold tracking-wide text-zinc-500 uppercase">Trace</h2>
        <Timeline view={view} live={live} currentSeq={currentSeq} />
      </section>
      <div className="min-w-0 space-y-4 lg:sticky lg:top-16">
        <AnswerPanel view={view} live={live} />
        {view.start?.method === "helios" ? <HeliosRunPanel datasetId={datasetId} tables={tables} view={view} /> : null}
        <HeatmapSection datasetId={datasetId} tables={tables} view={view} />
      </div>
    </div>
  );
}
