"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import Link from "next/link";
import { useState } from "react";
import { messageOf } from "@/components/api/client";
import { queryKeys } from "@/components/api/queryKeys";
import { Button } from "@/components/ui/Button";
import { ConfirmDialog } from "@/components/ui/ConfirmDialog";
import { formatDateTime, plural } from "@/components/ui/format";
import { ThumbIcon } from "@/components/ui/ThumbIcon";
import { type LearnedAnswer, type LearnedSource, SOURCE_WORDS } from "@/lib/core/model/learned";
import { deleteAllLearned, deleteLearned, learnedExportUrl, listLearned } from "./api";

const SMALL_BUTTON =
  "inline-flex h-7 items-center rounded-md border border-zinc-300 bg-white px-2 text-xs font-medium text-zinc-800 " +
  "shadow-sm hover:bg-zinc-50";

const BADGE: Record<LearnedSource, string> = {
  "thumbs-up": "border-emerald-300 bg-emerald-50 text-emerald-800",
  "thumbs-down": "border-rose-300 bg-rose-50 text-rose-800",
  picked: "border-indigo-300 bg-indigo-50 text-indigo-800",
  "question-set gold": "border-amber-300 bg-amber-50 text-amber-900",
};

/**
 * The dataset's learned answers: what 👍, 👎, a picked reading and a question set's right answers
 * taught the reasoner, newest first, each one click from the run it came from; export them as
 * JSON, forget one or all.
 */
export function LearnedAnswersPanel({ datasetId }: { datasetId: string }) {
  const client = useQueryClient();
  const key = queryKeys.learned(datasetId);
  const list = useQuery({ queryKey: key, queryFn: ({ signal }) => listLearned(datasetId, signal) });
  const [confirming, setConfirming] = useState(false);
  const refresh = () => {
    void client.invalidateQueries({ queryKey: key });
    // A forgotten vote leaves its run: the runs' 👍 / 👎 reload.
    void client.invalidateQueries({ queryKey: ["runs"] });
  };
  const removeOne = useMutation({ mutationFn: (id: string) => deleteLearned(datasetId, id), onSuccess: refresh });
  const removeAll = useMutation({
    mutationFn: () => deleteAllLearned(datasetId),
    onSuccess: () => {
      setConfirming(false);
      refresh();
    },
  });
  const total = list.data?.total ?? 0;
  const shown = list.data?.examples ?? [];
  return (
    <section className="rounded-lg border border-zinc-200 bg-white p-4 shadow-sm" data-testid="learned-panel">
      <div className="mb-2 flex flex-wrap items-baseline justify-between gap-3">
        <h2 className="text-sm font-semibold text-zinc-900">
          Learned answers{" "}
          <span className="font-normal text-zinc-500" data-testid="learned-total">
            ({total})
          </span>
        </h2>
        <div className="flex items-center gap-2">
          {total > 0 ? (
            <>
              <a href={learnedExportUrl(datasetId)} download data-testid="learned-export" className={SMALL_BUTTON}>
                Export JSON
              </a>
              <Button size="sm" variant="ghost" data-testid="learned-delete-all" onClick={() => setConfirming(true)}>
                Delete all
              </Button>
            </>
          ) : null}
        </div>
      </div>
      <p className="mb-2 text-xs text-zinc-500">
        Answers you marked right or wrong, readings you picked among the alternatives, and the right answers of a batch
        you chose to learn from. Questions close to a confirmed one reuse its reading; a rejected reading is avoided.
      </p>
      {list.isError ? <p className="text-xs text-red-700">{messageOf(list.error)}</p> : null}
      {removeOne.isError ? (
        <p className="text-xs text-red-700" data-testid="learned-error">
          {messageOf(removeOne.error)}
        </p>
      ) : null}
      {shown.length ? (
        <ul className="max-h-96 divide-y divide-zinc-100 overflow-y-auto" data-testid="learned-list">
          {shown.map((e) => (
            <LearnedRow
              key={e.id}
              example={e}
              busy={removeOne.isPending && removeOne.variables === e.id}
              onDelete={() => removeOne.mutate(e.id)}
            />
          ))}
        </ul>
      ) : list.isSuccess ? (
        <p className="text-xs text-zinc-500" data-testid="learned-empty">
          Nothing learned yet: mark an answer right or wrong on the ask page, or pick another reading.
        </p>
      ) : null}
      {total > shown.length ? (
        <p className="mt-1 text-xs text-zinc-500">
          Showing the newest {plural(shown.length, "answer")} of {total}; the export has them all.
        </p>
      ) : null}
      {confirming ? (
        <ConfirmDialog
          title="Forget every learned answer?"
          confirmLabel="Delete all"
          busy={removeAll.isPending}
          error={removeAll.error ? messageOf(removeAll.error) : null}
          onConfirm={() => removeAll.mutate()}
          onCancel={() => setConfirming(false)}
        >
          {plural(total, "learned answer")} of this dataset will be deleted, and the right / wrong marks of the runs
          that taught them taken back. Questions are then read as if nothing had been confirmed.
        </ConfirmDialog>
      ) : null}
    </section>
  );
}

function LearnedRow({ example, busy, onDelete }: { example: LearnedAnswer; busy: boolean; onDelete: () => void }) {
  return (
    <li className="flex items-start gap-3 py-1.5 text-xs" data-testid="learned-item" data-source={example.source}>
      <span
        className={`mt-0.5 shrink-0 rounded border px-1.5 py-px text-[11px] whitespace-nowrap ${BADGE[example.source]}`}
        data-testid="learned-source"
      >
        {example.source === "thumbs-up" || example.source === "thumbs-down" ? (
          <ThumbIcon direction={example.source === "thumbs-up" ? "up" : "down"} className="mr-1 inline size-3" />
        ) : null}
        {SOURCE_WORDS[example.source]}
      </span>
      <div className="min-w-0 flex-1 space-y-0.5">
        <p className="font-medium text-zinc-900" data-testid="learned-question">
          {example.runId ? (
            <Link href={`/runs/${encodeURIComponent(example.runId)}`} className="hover:text-indigo-700 hover:underline">
              {example.question}
            </Link>
          ) : (
            example.question
          )}
        </p>
        <p className="text-zinc-600" data-testid="learned-reading">
          {example.reading || "(no reading)"}
          {example.readable ? null : (
            <span className="ml-1 text-amber-800">· stored by an older version; no longer reused</span>
          )}
        </p>
      </div>
      <time className="shrink-0 text-zinc-500" dateTime={example.createdAt}>
        {formatDateTime(example.createdAt)}
      </time>
      <button
        type="button"
        className="shrink-0 rounded px-1 text-zinc-500 hover:bg-red-50 hover:text-red-700 disabled:opacity-50"
        aria-label={`Forget the learned answer to “${example.question}”`}
        title="Forget this answer"
        data-testid="learned-delete"
        disabled={busy}
        onClick={onDelete}
      >
        ✕
      </button>
    </li>
  );
}
