import type { RunView } from "../model/runView";
import { EventCard } from "./EventCard";
import { StageGroup } from "./StageGroup";

/** The run's trace as it grows: stages with their events, in the order they happened. */
export function Timeline({
  view,
  live,
  currentSeq,
  foldLong,
}: {
  view: RunView;
  live: boolean;
  currentSeq?: number;
  foldLong?: boolean;
}) {
  if (view.timeline.length === 0)
    return <p className="py-6 text-center text-xs text-zinc-400">The trace appears here as the method works.</p>;
  return (
    <ol data-testid="timeline" aria-live="polite" className="space-y-1.5">
      {view.timeline.map((entry) =>
        entry.kind === "stage" ? (
          <StageGroup
            key={`s-${entry.stage.stage}`}
            stage={entry.stage}
            view={view}
            live={live && !view.end}
            currentSeq={currentSeq}
            foldLong={foldLong}
          />
        ) : (
          <EventCard key={entry.event.seq} event={entry.event} current={entry.event.seq === currentSeq} />
        ),
      )}
    </ol>
  );
}
