"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { messageOf } from "@/components/api/client";
import { queryKeys } from "@/components/api/queryKeys";
import { getRunFeedback, voteOnRun } from "@/components/learning/api";
import { ThumbIcon } from "@/components/ui/ThumbIcon";
import type { RunFeedback, Vote } from "@/lib/core/model/learned";

const VOTE =
  "inline-flex items-center gap-1 rounded-md border px-2 py-0.5 text-xs transition-colors disabled:cursor-wait";
const STYLE: Record<Vote, { on: string; off: string; label: string; word: string }> = {
  up: {
    on: "border-emerald-600 bg-emerald-600 text-white",
    off: "border-zinc-300 bg-white text-zinc-700 hover:border-emerald-500 hover:bg-emerald-50",
    label: "Right answer",
    word: "Right",
  },
  down: {
    on: "border-rose-600 bg-rose-600 text-white",
    off: "border-zinc-300 bg-white text-zinc-700 hover:border-rose-500 hover:bg-rose-50",
    label: "Wrong answer",
    word: "Wrong",
  },
};

/** What the stored vote did, in words. */
function statusOf(feedback: RunFeedback): string | null {
  if (!feedback.vote) return null;
  if (feedback.note) return feedback.note;
  if (feedback.learned?.source === "picked") return "You picked this reading: it is reused for similar questions.";
  return feedback.vote === "up"
    ? "Confirmed: this reading is reused for similar questions of this dataset."
    : "Rejected: this reading is avoided for similar questions of this dataset.";
}

/**
 * 👍 / 👎 (Right / Wrong) on a finished run's answer, with the vote as stored (a reload shows it). Clicking the
 * pressed one takes the vote back. The dataset's learned answers change with it.
 */
export function AnswerFeedback({ runId, datasetId }: { runId: string; datasetId: string }) {
  const client = useQueryClient();
  const key = queryKeys.runFeedback(runId);
  const feedback = useQuery({ queryKey: key, queryFn: ({ signal }) => getRunFeedback(runId, signal) });
  const mutation = useMutation({
    mutationFn: (vote: Vote | null) => voteOnRun(runId, vote),
    onSuccess: (data) => {
      client.setQueryData(key, data);
      void client.invalidateQueries({ queryKey: queryKeys.learned(datasetId) });
    },
  });
  const current = feedback.data?.vote ?? null;
  const status = feedback.data ? statusOf(feedback.data) : null;
  return (
    <div className="space-y-1 border-t border-zinc-100 pt-2" data-testid="answer-feedback" data-vote={current ?? ""}>
      <div className="flex items-center gap-2 text-xs text-zinc-600">
        <span>Is this right?</span>
        {(["up", "down"] as const).map((vote) => {
          const s = STYLE[vote];
          const pressed = current === vote;
          return (
            <button
              key={vote}
              type="button"
              aria-label={s.label}
              title={pressed ? `${s.label} (click to take back)` : s.label}
              aria-pressed={pressed}
              data-testid={`vote-${vote}`}
              data-pressed={pressed ? "true" : "false"}
              disabled={!feedback.data || mutation.isPending}
              className={`${VOTE} ${pressed ? s.on : s.off}`}
              onClick={() => mutation.mutate(pressed ? null : vote)}
            >
              <ThumbIcon direction={vote} className="size-3.5" />
              {s.word}
            </button>
          );
        })}
      </div>
      {status ? (
        <p className="text-[11px] text-zinc-500" data-testid="vote-status">
          {status}
        </p>
      ) : null}
      {mutation.error || feedback.error ? (
        <p className="text-xs text-red-700" data-testid="vote-error">
          {messageOf(mutation.error ?? feedback.error)}
        </p>
      ) : null}
    </div>
  );
}
