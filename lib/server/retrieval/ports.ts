import "server-only";
import { searchCells } from "@/lib/core/index/cell-search";
import type { RetrievalPorts } from "@/lib/core/retrieval/ports";
import type { ProgramRanker } from "@/lib/core/programs/ranker";
import type { LlmPort } from "@/lib/core/reasoner/llm-port";
import type { Reasoner } from "@/lib/core/trace/atoms";
import type { LoadedDataset } from "@/lib/server/methods/run-options";
import { retrievalIndexFor } from "./index-cache";
import { programRanker } from "@/lib/server/models/program-ranker";
import { ensureLexicalRelations } from "@/lib/server/models/lexical-relations";
import { schemaLinker } from "@/lib/server/models/schema-linker";
import { datasetSqlRunner } from "./sql-runner";
import { getDataset } from "@/lib/server/stores/datasets";
import { learnedForReasoner } from "@/lib/server/stores/learned";
import type { LearnedSource } from "@/lib/core/model/learned";
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
  /**
   * Which of the dataset's learned answers the reasoner reads: all (default), all but some sources
   * (a batch does not read the answers learned from question sets), or none (false).
   */
  learned?: { exclude?: readonly LearnedSource[] } | false;
};

/**
 * The retrieval ports (FGTR, SGAM, GraphOTTER's table choice) for a stored dataset: schema,
 * descriptions and profiles, the schema graph and the cell index from the dataset's offline
 * index; SQL through the guard; the trained schema linker and program ranker; the user's glossary;
 * the answers the user confirmed or rejected on this dataset (its most recent 500).
 */
export async function buildRetrievalPorts(
  datasetId: string,
  options: RetrievalPortOptions,
): Promise<RetrievalPorts & { indexSource: "persisted" | "temporary" }> {
  ensureLexicalRelations();
  const dataset = options.dataset ?? (await getDataset(datasetId)) ?? undefined;
  const [index, learned, glossary] = await Promise.all([
    retrievalIndexFor(datasetId, dataset),
    options.learned === false ? [] : learnedForReasoner(datasetId, { exclude: options.learned?.exclude }),
    listGlossary(datasetId),
  ]);
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
    learned,
  };
}
