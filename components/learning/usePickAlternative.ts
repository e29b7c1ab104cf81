"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { messageOf } from "@/components/api/client";
import { queryKeys } from "@/components/api/queryKeys";
import type { ReadingActions } from "@/components/workbench/answer/AnswerReading";
import { pickAlternative } from "./api";

/**
 * Picking one of a stored run's other readings: the server learns it and answers again as a child
 * run; its page opens when the run is stored (as a steered re-run does).
 */
export function usePickAlternative(runId: string): ReadingActions {
  const router = useRouter();
  const client = useQueryClient();
  const mutation = useMutation({
    mutationFn: (n: number) => pickAlternative(runId, n),
    onSuccess: (child) => {
      // The parent gains a child, the dataset a run and a learned answer.
      void client.invalidateQueries({ queryKey: queryKeys.run(runId) });
      const datasetId = child.learned.datasetId;
      void client.invalidateQueries({ queryKey: queryKeys.runs(datasetId) });
      void client.invalidateQueries({ queryKey: queryKeys.learned(datasetId) });
      router.push(`/runs/${encodeURIComponent(child.runId)}`);
    },
  });
  return {
    onPick: (n) => mutation.mutate(n),
    picking: mutation.isPending ? mutation.variables : null,
    error: mutation.error ? messageOf(mutation.error) : null,
  };
}
