"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { messageOf } from "@/components/api/client";
import { queryKeys } from "@/components/api/queryKeys";
import { Button } from "@/components/ui/Button";
import { plural } from "@/components/ui/format";
import type { BatchLearnResult } from "@/lib/core/model/learned";
import { learnFromBatch } from "./api";

function summary(r: BatchLearnResult): string {
  if (r.right === 0) return "No right answer to a question with a gold query: nothing learned.";
  const parts = [`Kept ${plural(r.learned, "right answer")} as confirmed`];
  if (r.alreadyKnown) parts.push(`${r.alreadyKnown} already known`);
  if (r.withoutProgram) parts.push(`${r.withoutProgram} without a program to keep`);
  return `${parts.join("; ")}. Similar questions on this dataset now reuse them.`;
}

/**
 * The batch's right answers (questions with a gold query) kept as learned answers of the dataset,
 * at the user's request: a batch on its own only measures.
 */
export function LearnFromBatch({
  batchId,
  datasetId,
  active,
}: {
  batchId: string;
  datasetId: string;
  active: boolean;
}) {
  const client = useQueryClient();
  const mutation = useMutation({
    mutationFn: () => learnFromBatch(batchId),
    onSuccess: () => void client.invalidateQueries({ queryKey: queryKeys.learned(datasetId) }),
  });
  return (
    <span className="inline-flex flex-wrap items-center gap-2">
      <Button
        size="sm"
        onClick={() => mutation.mutate()}
        disabled={active || mutation.isPending}
        title={active ? "When the batch is over" : "Reuse the programs of its right answers on similar questions"}
        data-testid="batch-learn"
      >
        Learn from its right answers
      </Button>
      {mutation.data ? (
        <span className="text-xs text-zinc-600" data-testid="batch-learn-result">
          {summary(mutation.data)}
        </span>
      ) : null}
      {mutation.error ? (
        <span className="text-xs text-red-700" data-testid="batch-learn-error">
          {messageOf(mutation.error)}
        </span>
      ) : null}
    </span>
  );
}
