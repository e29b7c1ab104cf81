import type { MethodResult } from "@/lib/core/methods/module";
import type { LlmPort } from "@/lib/core/reasoner/llm-port";
import type { RunConstraints } from "@/lib/core/retrieval/constraints/types";
import type { EventSink, Reasoner } from "@/lib/core/trace";
import { runMethodOnDataset } from "@/lib/server/methods/run-method";

/**
 * Runs a registered method on a stored dataset in this thread, through the same dataset context
 * and ports a question's worker builds (tests that pass a fake model, which cannot cross threads).
 */
export function runOn<R extends MethodResult>(
  method: string,
  datasetId: string,
  question: string,
  reasoner: Reasoner,
  params: Record<string, unknown>,
  sink: EventSink,
  options: { llm?: LlmPort | null; signal?: AbortSignal; constraints?: RunConstraints } = {},
): Promise<R> {
  const { constraints, ...run } = options;
  return runMethodOnDataset<R>(
    { datasetId, method, question, reasoner, params, ...(constraints ? { constraints } : {}) },
    sink,
    run,
  );
}
