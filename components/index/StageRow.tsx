import { formatNumber } from "@/components/ui/format";
import { StageBar } from "./StageBar";
import { formatMs, isCapNote, stageLabel, stageProgress, stageTone, type StageTone } from "./stageModel";
import type { IndexStage } from "./types";

const toneText: Record<StageTone, string> = {
  done: "text-emerald-700",
  running: "text-indigo-700",
  failed: "text-red-700",
  waiting: "text-zinc-500",
};

const toneWord: Record<StageTone, string> = { done: "done", running: "running", failed: "failed", waiting: "waiting" };

/** One stage of indexing: label, status, a progress bar, counts, time, and what was capped. */
export function StageRow({ stage }: { stage: IndexStage }) {
  const tone = stageTone(stage.status);
  const label = stageLabel(stage.name);
  const { value, max } = stageProgress(stage);
  return (
    <li
      data-testid="index-stage"
      data-stage={stage.name}
      data-status={stage.status}
      className="grid grid-cols-[8.5rem_minmax(0,1fr)_13rem] items-center gap-x-3 gap-y-0.5"
    >
      <span className="truncate text-xs font-medium text-zinc-700" title={label}>
        {label}
      </span>
      <StageBar value={value} max={max} tone={tone} label={`${label} progress`} />
      <span className="flex items-center justify-end gap-2 text-xs whitespace-nowrap tabular-nums text-zinc-500">
        {stage.total > 0 ? (
          <span>
            {formatNumber(Math.min(stage.done, stage.total))} / {formatNumber(stage.total)}
          </span>
        ) : null}
        {formatMs(stage.ms) ? <span>{formatMs(stage.ms)}</span> : null}
        <span className={`font-medium ${toneText[tone]}`}>
          {stage.status === "skipped" ? "skipped" : toneWord[tone]}
        </span>
      </span>
      {stage.notes.length > 0 ? (
        <ul
          data-testid="index-stage-notes"
          className="col-start-2 col-end-4 list-disc space-y-0.5 pl-4 text-xs text-zinc-600 marker:text-zinc-300"
        >
          {stage.notes.map((note, i) => (
            <li key={i} className={isCapNote(note) ? "text-amber-800 marker:text-amber-400" : undefined}>
              {note}
            </li>
          ))}
        </ul>
      ) : null}
    </li>
  );
}
