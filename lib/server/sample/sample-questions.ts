import "server-only";
import { parseQuestionSet } from "@/lib/core/eval/question-set";
import { SAMPLE_QUESTION_SET_NAME, sampleQuestionsJsonl } from "@/lib/core/sample/questions";
import { createQuestionSet } from "@/lib/server/batches/question-sets";
import { startBatch } from "@/lib/server/batches/start-batch";

/**
 * Adds the sample's question set and starts a FGTR × SGAM batch over it (it waits for the sample's
 * index), so a new user finds a finished batch to read.
 */
export async function seedSampleQuestions(datasetId: string): Promise<void> {
  const { items } = parseQuestionSet(sampleQuestionsJsonl(), "jsonl");
  const set = await createQuestionSet(datasetId, SAMPLE_QUESTION_SET_NAME, items);
  await startBatch(set.id, { methods: ["fgtr", "sgam"], reasoner: "local", params: {} });
}
