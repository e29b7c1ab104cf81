import "server-only";
import type { AnyMethodModule, MethodResult } from "@/lib/core/methods/module";
import type { RunRequest } from "@/lib/core/api/runs";
import type { LlmPort } from "@/lib/core/reasoner/llm-port";
import type { EventSink } from "@/lib/core/trace/sink";
import { activeLlmPort } from "@/lib/server/llm";
import { loadDataset } from "@/lib/server/stores/datasets";
import { type DatasetContext, openDatasetContext } from "./dataset-context";
import { buildMethodPorts } from "./method-ports";
import { methodOrThrow, parseMethodParams } from "./method-params";

/** How a run is carried out in this thread, beside what it is asked (its RunRequest). */
export type MethodRunOptions = {
  /** The method's module, when the caller has looked it up already. */
  module?: AnyMethodModule;
  /** The model for reasoner "llm", as the main thread resolved it; by default the active one (activeLlm). */
  llm?: LlmPort | null;
  sqlTimeoutMs?: number;
  signal?: AbortSignal;
};

/**
 * Runs a method on a dataset context in this thread: builds the ports its module needs (the one
 * generic adapter) and runs it, emitting its events into `sink`. A pool worker calls this for every
 * question; scripts and tests may call it directly.
 */
export async function runMethod(
  context: DatasetContext,
  request: RunRequest,
  sink: EventSink,
  options: MethodRunOptions = {},
): Promise<MethodResult> {
  const module = options.module ?? methodOrThrow(request.method);
  const llm = request.reasoner !== "llm" ? null : options.llm !== undefined ? options.llm : await activeLlmPort();
  const { signal } = options;
  const ports = await buildMethodPorts(context, module.needs, {
    reasoner: request.reasoner,
    llm,
    signal,
    sqlTimeoutMs: options.sqlTimeoutMs,
    learned: request.learned,
  });
  return module.run(
    {
      question: request.question,
      params: request.params,
      reasoner: request.reasoner,
      llm,
      signal,
      ...(request.constraints ? { constraints: request.constraints } : {}),
    },
    ports,
    sink,
  );
}

/**
 * Runs a method on a stored dataset by id, in this thread (tests, the eval harness): loads the
 * dataset once, parses the parameters and runs. Returns the method's whole result.
 */
export async function runMethodOnDataset<R extends MethodResult = MethodResult>(
  request: Omit<RunRequest, "params"> & { params?: Record<string, unknown> },
  sink: EventSink,
  options: MethodRunOptions = {},
): Promise<R> {
  const dataset = await loadDataset(request.datasetId);
  const module = methodOrThrow(request.method);
  const params = parseMethodParams(module, request.params ?? {});
  return (await runMethod(openDatasetContext(dataset), { ...request, params }, sink, { ...options, module })) as R;
}
