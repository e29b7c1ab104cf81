import "server-only";
import type { Answer } from "@/lib/core/trace";
import { addLearned, hasConfirmed } from "@/lib/server/stores/learned";

/**
 * A question set's gold counts as a 👍: a batch answer that matched the gold of a question with a
 * gold query stores its program as confirmed (source "question-set gold"), as a user's 👍 would —
 * unless a confirmed program for the question is already kept (the other method of the batch, an
 * earlier batch, the user's own 👍), so one question is not listed once per method and batch. A
 * failure to store is logged, never fails the batch.
 */
export async function learnFromGold(
  datasetId: string,
  question: string,
  runId: string,
  answer: Answer | null,
): Promise<void> {
  if (!answer?.program) return;
  try {
    if (await hasConfirmed(datasetId, question)) return;
    await addLearned({
      datasetId,
      question,
      reading: answer.reading ?? "",
      program: answer.program,
      verdict: "confirmed",
      source: "question-set gold",
      runId,
    });
  } catch (err) {
    console.error("could not store the learned answer of batch run", runId, err);
  }
}
