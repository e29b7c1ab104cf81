import "server-only";
import { programRankerSchema, type ProgramRanker } from "@/lib/core/reasoner/rank/ranker";
import { loadModel } from "./load-model";

/**
 * The trained program ranker of the local answer step (models/program-ranker.json, from
 * `npm run train -- program-ranker`). Throws a ModelLoadError naming the fix when it is
 * missing or damaged: a wrong answer from a missing model is worse than a clear failure.
 */
export function programRanker(): ProgramRanker {
  return loadModel("program-ranker", programRankerSchema);
}
