import "server-only";
import type { BatchQuestion } from "@/db/schema";
import { scoreQuestion } from "@/lib/core/eval";
import type { Reasoner } from "@/lib/core/trace";
import type { LoadedDataset } from "@/lib/server/methods/run-options";
import { executeRun } from "@/lib/server/runs/execute-run";
import { executeInPool, type MethodTaskEnd, prepareRun } from "@/lib/server/runs/method.task";
import type { BatchItem } from "./store";

/** Gold cells kept per item for the heatmap outline (a gold query over a whole table can name thousands). */
const MAX_STORED_GOLD_CELLS = 2000;

export type BatchQuestionInput = {
  dataset: LoadedDataset;
  question: BatchQuestion;
  position: number;
  method: string;
  reasoner: Reasoner;
  params: Record<string, unknown>;
  signal: AbortSignal;
};

/**
 * Runs one question with one method as a recorded run (its trace kept), at batch priority, and
 * takes the score its worker computed (exact match; schema and cells against the gold query).
 */
export async function runBatchQuestion(input: BatchQuestionInput): Promise<BatchItem> {
  const { dataset, question, method } = input;
  const { request } = prepareRun({
    datasetId: dataset.id,
    question: question.question,
    method,
    reasoner: input.reasoner,
    params: input.params,
    // A batch measures the method: answers learned from question sets (this one's included) are not read.
    learned: { exclude: ["question-set gold"] },
  });
  let end: MethodTaskEnd | null = null;
  const start = performance.now();
  const outcome = await executeRun(
    request,
    executeInPool(request, {
      dataset,
      batch: { goldAnswer: question.answer, goldSql: question.goldSql, maxGoldCells: MAX_STORED_GOLD_CELLS },
      onEnd: (e) => (end = e),
    }),
    { signal: input.signal },
  );
  const ms = performance.now() - start;
  const finished = end as MethodTaskEnd | null;
  const score = finished?.score ?? null;
  const values = (outcome.answer?.values ?? []).map((v) => String(v ?? ""));
  return {
    questionId: question.questionId,
    method,
    position: input.position,
    runId: outcome.saved ? outcome.runId : null,
    // A worker that was lost before it scored: the answer alone (there is none) against the gold.
    correct: score ? score.correct : scoreQuestion({ goldAnswer: question.answer, values }).correct,
    prediction: outcome.answer?.text ?? "",
    values,
    ms,
    tokens: (finished?.ok ? finished.tokens : null) ?? { input: 0, output: 0 },
    schema: score?.schema ?? null,
    cells: score?.cells ?? null,
    goldCells: score?.goldCells ?? null,
    error: outcome.error?.message ?? score?.goldError ?? null,
  };
}
