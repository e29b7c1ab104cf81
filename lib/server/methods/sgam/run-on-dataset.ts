import "server-only";
import { runSgam, type SgamResult } from "@/lib/core/methods/sgam/run-sgam";
import type { SgamParamsInput } from "@/lib/core/methods/sgam/params";
import type { Reasoner } from "@/lib/core/trace/atoms";
import type { EventSink } from "@/lib/core/trace/sink";
import { getLlmPort } from "@/lib/server/llm";
import type { RunOnDatasetOptions } from "@/lib/server/methods/run-options";
import { buildRetrievalPorts } from "@/lib/server/retrieval/ports";

export type RunSgamOptions = RunOnDatasetOptions;

/**
 * Runs SGAM on a stored dataset. It reads the same ports as FGTR — the persisted index with the
 * schema graph as curated right now (so an edge added a moment ago is searched), the cell index
 * and the SQL guard. With reasoner "llm" and no model configured, steps run locally with a warning.
 */
export async function runSgamOnDataset(
  datasetId: string,
  question: string,
  reasoner: Reasoner,
  params: SgamParamsInput | undefined,
  sink: EventSink,
  options: RunSgamOptions = {},
): Promise<SgamResult> {
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
      message:
        "This dataset's index is still being built; a temporary index without curated edges was used for this " +
        "question.",
    });
  }
  return runSgam(question, params, ports, sink, options.constraints);
}
