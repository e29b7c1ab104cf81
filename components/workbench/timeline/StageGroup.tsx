import { useMemo, useState } from "react";
import { Spinner } from "@/components/ui/Spinner";
import { groupRepeats } from "../model/repeats";
import type { RunView, StageView } from "../model/runView";
import { EventCard } from "./EventCard";
import { formatMs } from "./format";
import { VoteChart } from "./VoteChart";

/** On a run page a finished stage with more lines than this opens folded: the trace stays a page, not a scroll. */
const LONG_STAGE_LINES = 6;
const DONE = "bg-emerald-500";
const RUNNING = "bg-indigo-400";

/**
 * A stage of the method: its label and timing (a button that folds it), the vote chart for schema
 * mapping, then its events, with consecutive repeats drawn once as "× N".
 */
export function StageGroup({
  stage,
  view,
  live,
  currentSeq,
  foldLong = false,
}: {
  stage: StageView;
  view: RunView;
  live: boolean;
  currentSeq?: number;
  /** Fold long finished stages (a stored run); the vote chart, FGTR's core picture, stays open. */
  foldLong?: boolean;
}) {
  const hasVotes = stage.events.some((e) => e.type === "schema-vote" || e.type === "schema-selection");
  const running = stage.ms === null && live;
  const lines = useMemo(() => groupRepeats(stage.events), [stage.events]);
  const holdsCurrent = currentSeq !== undefined && lines.some((l) => l.seqs.includes(currentSeq));
  const long = foldLong && !hasVotes && stage.ms !== null && lines.length > LONG_STAGE_LINES;
  const [chosen, setChosen] = useState<boolean | null>(null);
  const open = chosen ?? (holdsCurrent || !long);
  const bodyId = `stage-body-${stage.stage}`;
  return (
    <li
      data-testid="timeline-stage"
      data-stage={stage.stage}
      data-open={open}
      className="rounded-md border border-zinc-200 bg-white"
    >
      <button
        type="button"
        data-testid="stage-toggle"
        aria-expanded={open}
        aria-controls={bodyId}
        onClick={() => setChosen(!open)}
        className={`flex w-full items-center gap-2 px-2.5 py-1.5 text-left hover:bg-zinc-50 ${open ? "border-b" : ""}`}
      >
        <span className="w-3 text-[10px] text-zinc-400" aria-hidden>
          {open ? "▾" : "▸"}
        </span>
        <span
          className={`size-2 rounded-full ${stage.ok === false ? "bg-red-500" : stage.ms !== null ? DONE : RUNNING}`}
          aria-hidden
        />
        <h3 className="text-xs font-semibold text-zinc-800">{stage.label}</h3>
        {!open ? (
          <span className="text-[11px] text-zinc-400" data-testid="stage-folded">
            {stage.events.length} {stage.events.length === 1 ? "event" : "events"}
          </span>
        ) : null}
        <span
          className="ml-auto flex items-center gap-1 text-[11px] text-zinc-500 tabular-nums"
          data-testid="stage-time"
        >
          {running ? <Spinner className="size-3" /> : null}
          {stage.ms !== null ? formatMs(stage.ms) : running ? "running" : ""}
        </span>
      </button>
      <div id={bodyId} hidden={!open} className="space-y-1 px-2 py-1">
        {hasVotes ? <VoteChart view={view} /> : null}
        {lines.length > 0 ? (
          <ol className="divide-y divide-zinc-50">
            {lines.map((line) => (
              <EventCard
                key={line.event.seq}
                event={line.event}
                repeats={line.count}
                current={currentSeq !== undefined && line.seqs.includes(currentSeq)}
              />
            ))}
          </ol>
        ) : null}
      </div>
    </li>
  );
}
