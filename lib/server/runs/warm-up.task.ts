import "server-only";
import { findMethod, METHOD_IDS } from "@/lib/core/methods/registry";
import { confidenceModel, methodConfidenceModels } from "@/lib/server/confidence/assess-run";
import { heliosReaderModel, heliosRerankModel } from "@/lib/server/methods/helios/models";
import { ensureLexicalRelations } from "@/lib/server/models/lexical-relations";
import { programRanker } from "@/lib/server/models/program-ranker";
import { schemaLinker } from "@/lib/server/models/schema-linker";
import { warmTimeRecognizer } from "@/lib/core/reasoner/question/time";
import { questionsOf, threadPool } from "@/lib/server/pool/thread-pools";

/** Parses the trained models a method reads, in one of its question threads (server start). */
export type WarmUpTask = { kind: "warm-up"; method: string };

/**
 * Main thread, at server start: a thread of each method parses the trained models its method reads
 * (a damaged one fails the start, loudly), so the first questions find their threads warm. The task
 * posts nothing: it needs no port.
 */
export async function warmUpQuestionWorkers(): Promise<void> {
  await Promise.all(
    METHOD_IDS.map(async (method) =>
      (await threadPool(questionsOf(method))).run({ kind: "warm-up", method } satisfies WarmUpTask),
    ),
  );
}

/**
 * Worker: parses and checks the trained models a method's questions read, in this worker thread: a damaged
 * model stops the server's start with its message, and the thread answers its first question warm.
 */
export function runWarmUpTask(task: WarmUpTask): { models: string[] } {
  const needs = findMethod(task.method)?.needs ?? [];
  const models = ["answer-confidence"];
  confidenceModel();
  models.push(...Object.keys(methodConfidenceModels()).map((m) => `${m}-verdict`));
  if (needs.includes("retrieval") || needs.includes("table-ranking")) {
    schemaLinker();
    programRanker();
    ensureLexicalRelations();
    // The time step's recognizer compiles its patterns once per thread, here rather than on a first question.
    warmTimeRecognizer();
    models.push("schema-linker", "program-ranker");
  }
  if (needs.includes("passages") && heliosReaderModel()) models.push("helios-reader");
  if (needs.includes("passages") && heliosRerankModel()) models.push("helios-reranker");
  return { models };
}
