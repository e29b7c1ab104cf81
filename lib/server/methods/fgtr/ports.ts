import "server-only";
import { searchCells } from "@/lib/core/index/cell-search";
import type { FgtrPorts } from "@/lib/core/methods/fgtr/ports";
import type { ProgramRanker } from "@/lib/core/programs/ranker";
import type { LlmPort } from "@/lib/core/reasoner/llm-port";
import type { Reasoner } from "@/lib/core/trace/atoms";
import { programRanker } from "@/lib/server/models/program-ranker";
import { fgtrIndexFor } from "./index-cache";
import { datasetSqlRunner } from "./sql-runner";

export type FgtrPortOptions = {
  reasoner: Reasoner;
  llm?: LlmPort | null;
  signal?: AbortSignal;
  sqlTimeoutMs?: number;
  /** The program ranker; default the trained one from models/ (null: the rule planner answers). */
  ranker?: ProgramRanker | null;
};

/**
 * FGTR's ports for a stored dataset: schema, descriptions and profiles, the schema graph and
 * the cell index from the dataset's offline index; SQL through the guard.
 */
export async function buildFgtrPorts(datasetId: string, options: FgtrPortOptions): Promise<FgtrPorts & { indexSource: "persisted" | "temporary" }> {
  const index = await fgtrIndexFor(datasetId);
  return {
    indexSource: index.source,
    schema: index.schema,
    graph: index.graph,
    searchCells: (query, scope) => searchCells(index.cells, query, { columns: scope.columns, topN: scope.topN, threshold: scope.threshold, maxHits: scope.maxHits }),
    runSql: datasetSqlRunner(datasetId, { timeoutMs: options.sqlTimeoutMs }),
    llm: options.llm ?? null,
    reasoner: options.reasoner,
    signal: options.signal,
    programs: { ranker: options.ranker !== undefined ? options.ranker : programRanker() },
  };
}
