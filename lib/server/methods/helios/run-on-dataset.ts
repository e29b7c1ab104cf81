import "server-only";
import type { HeliosParamsInput } from "@/lib/core/methods/helios/params";
import { runHelios, type HeliosResult } from "@/lib/core/methods/helios/run-helios";
import type { LlmPort } from "@/lib/core/reasoner/llm-port";
import type { Reasoner } from "@/lib/core/trace/atoms";
import type { EventSink } from "@/lib/core/trace/sink";
import { getLlmPort } from "@/lib/server/llm";
import { heliosIndexFor } from "@/lib/server/passages/graph";
import { heliosReaderModel } from "./reader-model";

/**
 * Runs HELIOS on a stored dataset: its rows and passages as the bipartite graph G_d built at
 * passage upload (cached in memory per dataset), with the configured model for reasoner "llm"
 * and the trained reader (models/helios-reader.json) for reasoner "local".
 */
export async function runHeliosOnDataset(
  datasetId: string,
  question: string,
  reasoner: Reasoner,
  params: HeliosParamsInput | undefined,
  sink: EventSink,
  options: { signal?: AbortSignal; llm?: LlmPort | null } = {},
): Promise<HeliosResult> {
  const llm = reasoner === "llm" ? (options.llm !== undefined ? options.llm : getLlmPort()) : null;
  const index = await heliosIndexFor(datasetId);
  return runHelios(
    question,
    params,
    { index, reasoner, llm, signal: options.signal, readerModel: heliosReaderModel() },
    sink,
  );
}
