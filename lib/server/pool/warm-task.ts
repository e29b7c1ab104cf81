import "server-only";
import { findMethod } from "@/lib/core/methods/registry";
import { confidenceModel, methodConfidenceModels } from "@/lib/server/confidence/assess-run";
import { heliosReaderModel, heliosRerankModel } from "@/lib/server/methods/helios/models";
import { ensureLexicalRelations } from "@/lib/server/models/lexical-relations";
import { programRanker } from "@/lib/server/models/program-ranker";
import { schemaLinker } from "@/lib/server/models/schema-linker";
import { warmTimeRecognizer } from "@/lib/core/reasoner/question/time";

/**
 * Parses and checks the trained models a method's questions read, in this worker thread: a damaged
 * model stops the server's start with its message, and the thread answers its first question warm.
 */
export function runWarmUpTask(task: { method: string }): { models: string[] } {
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
