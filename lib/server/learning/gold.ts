import "server-only";
import type { BatchLearnResult } from "@/lib/core/model/learned";
import { batchQuestions, batchItemsOf, getBatch } from "@/lib/server/batches/store";
import { HttpError } from "@/lib/server/http/errors";
import { notFound } from "@/lib/server/http/not-found";
import { addLearned, hasConfirmed } from "@/lib/server/stores/learned";
import { getRunSummary } from "@/lib/server/stores/runs";

/**
 * A question set's gold counts as a 👍, when the user asks for it (the batch page's "Learn from its
 * right answers"): every answer of the batch that matched the gold of a question with a gold query
 * stores its program as confirmed (source "question-set gold"), unless a confirmed program for the
 * question is already kept (the batch's other method, an earlier batch, the user's own 👍), so one
 * question is not listed once per method and batch. Not done by every batch on its own: a batch
 * measures the method, and its answers would then change what the next batch (and every user
 * question on the dataset) is answered with.
 */
export async function learnFromBatch(batchId: string): Promise<BatchLearnResult> {
  const batch = await getBatch(batchId);
  if (!batch) throw notFound("batch", batchId);
  if (batch.status === "queued" || batch.status === "running")
    throw new HttpError(
      "batch_running",
      `Batch ${batchId} is still ${batch.status}; learn from it when it is over.`,
      409,
    );
  const goldSql = new Map((await batchQuestions(batchId)).map((q) => [q.questionId, q.goldSql]));
  const result: BatchLearnResult = { learned: 0, alreadyKnown: 0, withoutProgram: 0, right: 0 };
  for (const item of await batchItemsOf(batchId)) {
    if (!item.correct || !goldSql.get(item.questionId) || !item.runId) continue;
    result.right++;
    const run = await getRunSummary(item.runId);
    const program = run?.answer?.program;
    if (!run || !program) {
      result.withoutProgram++;
      continue;
    }
    if (await hasConfirmed(batch.datasetId, run.question)) {
      result.alreadyKnown++;
      continue;
    }
    await addLearned({
      datasetId: batch.datasetId,
      question: run.question,
      reading: run.answer?.reading ?? "",
      program,
      verdict: "confirmed",
      source: "question-set gold",
      runId: run.id,
    });
    result.learned++;
  }
  return result;
}
