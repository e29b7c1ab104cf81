import { Spinner } from "@/components/ui/Spinner";
import type { RunView, StageView } from "../model/runView";
import { EventCard } from "./EventCard";
import { formatMs } from "./format";
import { VoteChart } from "./VoteChart";

/** A stage of the method: its label and timing, the vote chart for schema mapping, then its events. */
export function StageGroup({
  stage,
  view,
  live,
  currentSeq,
}: {
  stage: StageView;
  view: RunView;
  live: boolean;
  currentSeq?: number;
}) {
  const hasVotes = stage.events.some((e) => e.type === "schema-vote" || e.type === "schema-selection");
  const running = stage.ms === null && live;
  return (
    <li data-testid="timeline-stage" data-stage={stage.stage} className="rounded-md border border-zinc-200 bg-white">
      <div className="flex items-center gap-2 border-b border-zinc-100 px-2.5 py-1.5">
        <span
          className={
            `size-2 ` +
            `rounded-full ${stage.ok === false ? "bg-red-500" : stage.ms !== null ? "bg-emerald-500" : "bg-indigo-400"}`
          }
          aria-hidden
        />
        <h3 className="text-xs font-semibold text-zinc-800">{stage.label}</h3>
        <span
          className="ml-auto flex items-center gap-1 text-[11px] text-zinc-500 tabular-nums"
          data-testid="stage-time"
        >
          {running ? <Spinner className="size-3" /> : null}
          {stage.ms !== null ? formatMs(stage.ms) : running ? "running" : ""}
        </span>
      </div>
      <div className="space-y-1 px-2 py-1">
        {hasVotes ? <VoteChart view={view} /> : null}
        {stage.events.length > 0 ? (
          <ol className="divide-y divide-zinc-50">
            {stage.events.map((e) => (
              <EventCard key={e.seq} event={e} current={e.seq === currentSeq} />
            ))}
          </ol>
        ) : null}
      </div>
    </li>
  );
}
