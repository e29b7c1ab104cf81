"use client";

import { useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { queryKeys } from "@/components/api/queryKeys";
import { messageOf } from "@/components/api/client";
import { listQuestionSets } from "./api";
import { UploadQuestionSet } from "./UploadQuestionSet";

const FORMAT_HINT = "JSONL or CSV: question, answer (a value or a list); optional id, gold_sql, tags";

/** The dataset's question sets (each opens its batches) and the form that adds one. */
export function QuestionSetsPanel({ datasetId }: { datasetId: string }) {
  const sets = useQuery({
    queryKey: queryKeys.questionSets(datasetId),
    queryFn: ({ signal }) => listQuestionSets(datasetId, signal),
  });
  return (
    <section className="rounded-lg border border-zinc-200 bg-white p-4 shadow-sm" data-testid="question-sets-panel">
      <div className="mb-2 flex items-baseline justify-between gap-3">
        <h2 className="text-sm font-semibold text-zinc-900">Question sets</h2>
        <p className="text-xs text-zinc-500">{FORMAT_HINT}</p>
      </div>
      {sets.isError ? <p className="text-xs text-red-700">{messageOf(sets.error)}</p> : null}
      {sets.data?.length ? (
        <ul className="mb-3 divide-y divide-zinc-100" data-testid="question-set-list">
          {sets.data.map((s) => (
            <li key={s.id} className="flex items-center justify-between py-1.5">
              <Link
                href={`/question-sets/${encodeURIComponent(s.id)}`}
                className="text-indigo-700 hover:underline"
                data-testid="question-set-link"
              >
                {s.name}
              </Link>
              <span className="text-xs text-zinc-500">{s.count} questions</span>
            </li>
          ))}
        </ul>
      ) : sets.isSuccess ? (
        <p className="mb-3 text-xs text-zinc-500">No question sets yet.</p>
      ) : null}
      <UploadQuestionSet datasetId={datasetId} />
    </section>
  );
}
