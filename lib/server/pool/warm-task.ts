import "server-only";
import { confidenceModel } from "@/lib/server/confidence/assess-run";
import { heliosReaderModel } from "@/lib/server/methods/helios/reader-model";
import { programRanker } from "@/lib/server/models/program-ranker";
import { schemaLinker } from "@/lib/server/models/schema-linker";

/**
 * Parses and checks the trained models a question reads, in this worker thread: a damaged model
 * stops the server's start with its message, and the thread answers its first question warm.
 */
export function runWarmUpTask(): { models: string[] } {
  schemaLinker();
  programRanker();
  heliosReaderModel();
  confidenceModel();
  return { models: ["schema-linker", "program-ranker", "helios-reader", "answer-confidence"] };
}
