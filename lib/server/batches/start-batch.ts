import "server-only";
import { nanoid } from "nanoid";
import { z } from "zod";
import { ASK_METHODS } from "@/lib/server/ask/ask-request";
import { methodOrThrow, parseMethodParams } from "@/lib/server/methods/method-params";
import { HttpError } from "@/lib/server/http/errors";
import { activeReasoners } from "@/lib/server/llm";
import { getQuestionSet, questionsOf } from "./question-sets";
import { enqueueBatch } from "./runner";
import { createBatch } from "./store";

/** The body of POST /api/question-sets/:id/batches. */
export const batchRequestSchema = z.object({
  methods: z
    .array(z.enum(ASK_METHODS, { error: `Unknown method; available: ${ASK_METHODS.join(", ")}.` }))
    .min(1, "Choose at least one method.")
    .max(ASK_METHODS.length)
    .transform((m) => [...new Set(m)]),
  reasoner: z.enum(["local", "llm"], { error: 'Use reasoner "local" or "llm".' }).default("local"),
  params: z.record(z.string(), z.unknown(), { error: "`params` must be an object of method parameters." }).default({}),
});
export type BatchRequest = z.infer<typeof batchRequestSchema>;

/**
 * Starts a batch over a question set: checks the reasoner and every method's parameters (a 400
 * naming the bad one), copies the set's questions into the batch and puts it in the runner's line.
 */
export async function startBatch(setId: string, request: BatchRequest): Promise<string | null> {
  const set = await getQuestionSet(setId);
  if (!set) return null;
  const reasoner = (await activeReasoners()).find((r) => r.id === request.reasoner);
  if (!reasoner?.available)
    throw new HttpError("reasoner_unavailable", `The ${request.reasoner} reasoner is not configured on this server.`);
  // Parameters are shared; each method keeps the ones it knows, and a bad value is refused now, not mid-batch.
  for (const method of request.methods) parseMethodParams(methodOrThrow(method), request.params);
  const questions = await questionsOf(setId);
  if (!questions.length) throw new HttpError("empty_question_set", "This question set has no questions.");
  const id = nanoid(12);
  await createBatch({
    id,
    setId,
    datasetId: set.datasetId,
    setName: set.name,
    methods: request.methods,
    reasoner: request.reasoner,
    params: request.params,
    total: questions.length * request.methods.length,
    questions: questions.map((q) => ({
      questionId: q.id,
      question: q.question,
      answer: q.answer,
      goldSql: q.goldSql,
      tags: q.tags,
    })),
  });
  enqueueBatch(id);
  return id;
}
