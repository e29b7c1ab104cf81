import "server-only";
import { buildSchemaGraph, columnKey } from "@/lib/core/index";
import type { TableMeta } from "@/lib/core/model/dataset";
import type { ColumnProfile, JoinCandidate, SchemaGraph } from "@/lib/core/model/index-types";
import { getDataset } from "@/lib/server/stores/datasets";
import { currentGeneration } from "./generations";
import { readDescriptions, readJoins, readProfiles } from "./index-store";
import { joinScorer, scoredJoins } from "./join-scoring";
import { reviewJoins } from "@/lib/core/index/join-review";
import { curatedGraphInput, listSchemaEdges, pairKey, type StoredSchemaEdge } from "./schema-edges";

// Kinds that say two columns hold the same values; a user's "rejected" hides these, never key edges.
const REJECTABLE = new Set(["foreign_key", "discovered", "join"]);

export type GraphParts = {
  tables: readonly TableMeta[];
  joins: readonly JoinCandidate[];
  profiles: ReadonlyMap<string, ColumnProfile>;
  edges: readonly StoredSchemaEdge[];
};

/** The schema graph from indexed parts plus the user's edges (curated and accepted added, rejected hidden). */
export function composeSchemaGraph(parts: GraphParts): SchemaGraph {
  const { curated, rejected } = curatedGraphInput(parts.edges);
  const graph = buildSchemaGraph({ tables: parts.tables, joins: parts.joins, curated, profiles: parts.profiles });
  if (rejected.size)
    graph.edges = graph.edges.filter(
      (e) => e.origin === "curated" || !REJECTABLE.has(e.kind) || !rejected.has(pairKey(e.source, e.target)),
    );
  return graph;
}

export type { DatasetGraph, GraphTable, JoinSuggestion } from "@/lib/core/model/api-types";
import type { DatasetGraph, GraphTable, JoinSuggestion } from "@/lib/core/model/api-types";

/** Most suggestions listed: the rest are the least probable, and the joins tab lists them all. */
const MAX_SUGGESTIONS = 30;

/** Candidates with their status and reason (reviewJoins), for the graph served with the same edges. */
export function reviewedJoins(
  graph: SchemaGraph,
  joins: readonly JoinCandidate[],
  edges: readonly StoredSchemaEdge[],
  threshold: number | null,
) {
  return reviewJoins(joins, graph, curatedGraphInput(edges).rejected, threshold);
}

/** The suggestions listed beside the graph: the most probable ones the scorer did not pass. */
export function joinSuggestions(review: ReturnType<typeof reviewJoins>): JoinSuggestion[] {
  return review.joins
    .filter((j) => j.status === "suggestion")
    .slice(0, MAX_SUGGESTIONS)
    .map(({ status: _s, ...j }) => j);
}

/**
 * The graph a dataset serves: built on each request from its current generation's joins (scored by
 * the learned join scorer: only passing ones become edges, the rest are `suggestions`) and
 * profiles and the user's edges, so an edit shows at once and re-indexing never bakes edits in.
 * Before the first index completes it still has the columns, keys and declared foreign keys.
 */
export async function loadSchemaGraph(datasetId: string): Promise<DatasetGraph | null> {
  const dataset = await getDataset(datasetId);
  if (!dataset) return null;
  const generation = await currentGeneration(datasetId);
  const [stored, profiles, edges, descriptions] = await Promise.all([
    generation === null ? [] : readJoins(datasetId, generation),
    generation === null ? new Map<string, ColumnProfile>() : readProfiles(datasetId, generation),
    listSchemaEdges(datasetId),
    readDescriptions(datasetId, generation),
  ]);
  const model = joinScorer();
  const joins = scoredJoins(stored, dataset.tables, profiles, model);
  const graph = composeSchemaGraph({ tables: dataset.tables, joins, profiles, edges });
  const keysOf = new Map<string, string[]>();
  for (const n of graph.nodes) if (n.isPrimaryKey) keysOf.set(n.table, [...(keysOf.get(n.table) ?? []), n.column]);
  const tables = dataset.tables.map((t) => ({
    name: t.name,
    isView: t.isView,
    rowCount: t.rowCount,
    primaryKey: keysOf.get(t.name) ?? [],
    description: descriptions.get(columnKey(t.name, ""))?.text ?? null,
    columns: t.columns.map((c) => columnKey(t.name, c.sqlName)),
  }));
  const review = reviewedJoins(graph, joins, edges, model.threshold);
  return { generation, ...graph, tables, suggestions: joinSuggestions(review), joinCounts: review.counts };
}
