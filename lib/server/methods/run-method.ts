import "server-only";
import type { MethodResult } from "@/lib/core/methods/module";
import type { LlmPort } from "@/lib/core/reasoner/llm-port";
import type { RunConstraints } from "@/lib/core/retrieval/constraints/types";
import type { Reasoner } from "@/lib/core/trace/atoms";
import type { EventSink } from "@/lib/core/trace/sink";
import { getLlmPort } from "@/lib/server/llm";
import type { RetrievalPortOptions } from "@/lib/server/retrieval/ports";
import { loadDataset } from "@/lib/server/stores/datasets";
import { type DatasetContext, openDatasetContext } from "./dataset-context";
import { buildMethodPorts } from "./method-ports";
import { methodOrThrow, parseMethodParams } from "./method-params";

/** One method run on a dataset: what the method is asked, with parameters already parsed. */
export type MethodRunRequest = {
  method: string;
  question: string;
  reasoner: Reasoner;
  params: Record<string, unknown>;
  constraints?: RunConstraints;
  /** Which learned answers the reasoner reads (lib/server/retrieval/ports.ts); default all. */
  learned?: RetrievalPortOptions["learned"];
  /** The model for reasoner "llm"; defaults to the one configured by environment variables. */
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
  request: MethodRunRequest,
  sink: EventSink,
): Promise<MethodResult> {
  const module = methodOrThrow(request.method);
  const llm = request.reasoner === "llm" ? (request.llm !== undefined ? request.llm : getLlmPort()) : null;
  const ports = await buildMethodPorts(context, module.needs, {
    reasoner: request.reasoner,
    llm,
    signal: request.signal,
    sqlTimeoutMs: request.sqlTimeoutMs,
    learned: request.learned,
  });
  return module.run(
    {
      question: request.question,
      params: request.params,
      reasoner: request.reasoner,
      llm,
      signal: request.signal,
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
  datasetId: string,
  request: Omit<MethodRunRequest, "params"> & { params?: Record<string, unknown> },
  sink: EventSink,
): Promise<R> {
  const dataset = await loadDataset(datasetId);
  const params = parseMethodParams(methodOrThrow(request.method), request.params ?? {});
  return (await runMethod(openDatasetContext(dataset), { ...request, params }, sink)) as R;
}
