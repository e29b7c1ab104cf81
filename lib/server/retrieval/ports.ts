import "server-only";
import { searchCells } from "@/lib/core/index/cell-search";
import type { RetrievalPorts } from "@/lib/core/retrieval/ports";
import type { ProgramRanker } from "@/lib/core/programs/ranker";
import type { LlmPort } from "@/lib/core/reasoner/llm-port";
import type { Reasoner } from "@/lib/core/trace/atoms";
import type { LoadedDataset } from "@/lib/server/methods/run-options";
import { retrievalIndexFor } from "./index-cache";
import { programRanker } from "@/lib/server/models/program-ranker";
import { schemaLinker } from "@/lib/server/models/schema-linker";
import { datasetSqlRunner } from "./sql-runner";
import { getDataset } from "@/lib/server/stores/datasets";
import { applyGlossary } from "@/lib/core/retrieval/glossary";
import { listGlossary } from "@/lib/server/glossary/store";

export type RetrievalPortOptions = {
  reasoner: Reasoner;
  llm?: LlmPort | null;
  signal?: AbortSignal;
  sqlTimeoutMs?: number;
  /** The dataset, when the caller already loaded it. */
  dataset?: LoadedDataset;
  /** The program ranker; default the trained one from models/ (null: the rule planner answers). */
  ranker?: ProgramRanker | null;
};

/**
 * The retrieval ports (FGTR, SGAM, GraphOTTER's table choice) for a stored dataset: schema,
 * descriptions and profiles, the schema graph and the cell index from the dataset's offline
 * index; SQL through the guard; the trained schema linker and program ranker; the user's glossary.
 */
export async function buildRetrievalPorts(
  datasetId: string,
  options: RetrievalPortOptions,
): Promise<RetrievalPorts & { indexSource: "persisted" | "temporary" }> {
  const dataset = options.dataset ?? (await getDataset(datasetId)) ?? undefined;
  const [index, glossary] = await Promise.all([retrievalIndexFor(datasetId, dataset), listGlossary(datasetId)]);
  return {
    indexSource: index.source,
    // The glossary's column entries read as part of their columns' names (linking and the answer step).
    schema: applyGlossary(index.schema, glossary),
    glossary,
    graph: index.graph,
    searchCells: (query, scope) =>
      searchCells(index.cells, query, {
        columns: scope.columns,
        topN: scope.topN,
        threshold: scope.threshold,
        maxHits: scope.maxHits,
      }),
    runSql: datasetSqlRunner(datasetId, { timeoutMs: options.sqlTimeoutMs }),
    dialect: dataset?.storage.postgres ? "postgres" : "sqlite",
    llm: options.llm ?? null,
    reasoner: options.reasoner,
    signal: options.signal,
    linker: schemaLinker(),
    programs: { ranker: options.ranker !== undefined ? options.ranker : programRanker() },
  };
}
