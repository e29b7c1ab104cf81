import "server-only";
import { runFgtr, type FgtrResult } from "@/lib/core/methods/fgtr/run-fgtr";
import type { FgtrParamsInput } from "@/lib/core/methods/fgtr/params";
import type { Reasoner } from "@/lib/core/trace/atoms";
import type { EventSink } from "@/lib/core/trace/sink";
import { getLlmPort } from "@/lib/server/llm";
import type { RunOnDatasetOptions } from "@/lib/server/methods/run-options";
import { buildRetrievalPorts } from "../../retrieval/ports";

export type RunFgtrOptions = RunOnDatasetOptions;

/**
 * Runs FGTR on a stored dataset: builds the ports from the dataset's index and the SQL guard,
 * then runs every stage, emitting trace events into `sink`. Returns the answer (which the
 * run's spine emits as the `answer` event) and the retrieval (columns, ranges, sub-tables).
 * With reasoner "llm" and no model configured, every step runs locally with a warning.
 */
export async function runFgtrOnDataset(
  datasetId: string,
  question: string,
  reasoner: Reasoner,
  params: FgtrParamsInput | undefined,
  sink: EventSink,
  options: RunFgtrOptions = {},
): Promise<FgtrResult> {
  const llm = reasoner === "llm" ? (options.llm !== undefined ? options.llm : getLlmPort()) : null;
  const ports = await buildRetrievalPorts(datasetId, {
    reasoner,
    llm,
    signal: options.signal,
    sqlTimeoutMs: options.sqlTimeoutMs,
    dataset: options.dataset,
    learned: options.learned,
  });
  if (ports.indexSource === "temporary") {
    sink.emit({
      type: "warning",
      code: "index_not_ready",
      message: "This dataset's index is still being built; a temporary index made for this question was used.",
    });
  }
  return runFgtr(question, params, ports, sink, options.constraints);
}
