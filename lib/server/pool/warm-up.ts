import "server-only";
import { METHOD_IDS } from "@/lib/core/methods/registry";
import { questionsOf, threadPool } from "./thread-pools";

/**
 * Server start: a thread of each method parses the trained models its method reads (a damaged one
 * fails the start, loudly), so the first questions find their threads warm.
 */
export async function warmUpQuestionWorkers(): Promise<void> {
  await Promise.all(
    METHOD_IDS.map(async (method) => (await threadPool(questionsOf(method))).run({ kind: "warm-up", method })),
  );
}
