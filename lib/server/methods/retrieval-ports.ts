import "server-only";
import { searchCells } from "@/lib/core/index/cell-search";
import type { DatasetRetrieval } from "@/lib/core/methods/module";
import type { ProgramRanker } from "@/lib/core/reasoner/rank/ranker";
import type { LlmPort } from "@/lib/core/reasoner/llm-port";
import type { Reasoner } from "@/lib/core/trace/atoms";
import { type DatasetContext, openDatasetContext } from "@/lib/server/methods/dataset-context";
import { programRanker } from "@/lib/server/models/program-ranker";
import { ensureLexicalRelations } from "@/lib/server/models/lexical-relations";
import { schemaLinker } from "@/lib/server/models/schema-linker";
import { loadDataset } from "@/lib/server/stores/datasets";
import { datasetSqlRunner } from "@/lib/server/retrieval/sql-runner";
import { learnedForReasoner } from "@/lib/server/stores/learned";
import type { LearnedSource } from "@/lib/core/model/learned";
import { applyGlossary } from "@/lib/core/retrieval/glossary";
import { listGlossary } from "@/lib/server/glossary/store";
import type { SemanticModel } from "@/lib/core/model/semantic-model";
import { withUserEdits } from "@/lib/server/semantic/load";

export type RetrievalPortOptions = {
  reasoner: Reasoner;
  llm?: LlmPort | null;
  signal?: AbortSignal;
  sqlTimeoutMs?: number;
  /** The program ranker; default the trained one from models/ (null: the rule planner answers). */
  ranker?: ProgramRanker | null;
  /**
   * Which of the dataset's learned answers the reasoner reads: all (default), all but some sources
   * (a batch does not read the answers learned from question sets), or none (false).
   */
  learned?: { exclude?: readonly LearnedSource[] } | false;
};

/**
 * The retrieval ports (FGTR, SGAM, table ranking) of a run: schema, descriptions and profiles,
 * the schema graph and the cell index from the context's retrieval index; SQL through the guard
 * with the run's cancel signal; the semantic model with the user's edits; the trained schema linker
 * and program ranker; the user's glossary
 * and the answers the user confirmed or rejected on this dataset (its most recent 500). The index
 * is kept by the thread's context; the glossary and learned answers are read for every run, so an
 * edit or a 👍 counts from the next question on.
 */
export async function retrievalPortsOf(
  context: DatasetContext,
  options: RetrievalPortOptions,
): Promise<DatasetRetrieval> {
  ensureLexicalRelations();
  const [index, learned, glossary, semantic] = await Promise.all([
    context.retrievalIndex(),
    options.learned === false ? [] : learnedForReasoner(context.id, { exclude: options.learned?.exclude }),
    listGlossary(context.id),
    semanticModelOfRun(context),
  ]);
  return {
    indexSource: index.source,
    // The glossary's column entries read as part of their columns' names (linking and the answer step).
    schema: applyGlossary(index.schema, glossary),
    glossary,
    graph: index.graph,
    semantic,
    searchCells: (query, scope) =>
      searchCells(index.cells, query, {
        columns: scope.columns,
        topN: scope.topN,
        threshold: scope.threshold,
        maxHits: scope.maxHits,
      }),
    runSql: datasetSqlRunner(context.guard, { timeoutMs: options.sqlTimeoutMs, signal: options.signal }),
    dialect: context.dataset.storage.postgres ? "postgres" : "sqlite",
    llm: options.llm ?? null,
    reasoner: options.reasoner,
    signal: options.signal,
    linker: schemaLinker(),
    programs: { ranker: options.ranker !== undefined ? options.ranker : programRanker() },
    learned,
  };
}

/**
 * The run's semantic model: the generation's inferred one with the user's edits (read for every run).
 * Null when it cannot be had (the reasoner then infers one from the schema it reads).
 */
export async function semanticModelOfRun(context: DatasetContext): Promise<SemanticModel | null> {
  try {
    return (await withUserEdits(context.id, await context.semanticModel())).model;
  } catch (err) {
    console.error(`[tablesight] semantic model of ${context.id}:`, err);
    return null;
  }
}

/** The retrieval ports of a dataset by id (scripts; a question's run builds them from its context). */
export async function buildRetrievalPorts(datasetId: string, options: RetrievalPortOptions): Promise<DatasetRetrieval> {
  const dataset = await loadDataset(datasetId);
  return retrievalPortsOf(openDatasetContext(dataset), options);
}
