import "server-only";
import { buildSchemaGraph, columnKey } from "@/lib/core/index";
import type { TableMeta } from "@/lib/core/model/dataset";
import type { ColumnProfile, JoinCandidate, SchemaGraph } from "@/lib/core/model/index-types";
import { getDataset } from "@/lib/server/stores/datasets";
import { currentGeneration } from "./generations";
import { readDescriptions, readJoins, readProfiles, type ShownDescription } from "./index-store";
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

export type { DatasetGraph } from "@/lib/core/api/schema-graph";
import type { DatasetGraph, JoinSuggestion } from "@/lib/core/api/schema-graph";

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
function joinSuggestions(review: ReturnType<typeof reviewJoins>): JoinSuggestion[] {
  return review.joins
    .filter((j) => j.status === "suggestion")
    .slice(0, MAX_SUGGESTIONS)
    .map(({ status: _s, ...j }) => j);
}

/** The indexed parts a dataset's graph and retrieval read: its current generation's profiles and descriptions. */
export type IndexTables = {
  generation: number | null;
  profiles: ReadonlyMap<string, ColumnProfile>;
  descriptions: ReadonlyMap<string, ShownDescription>;
};

/** Reads a dataset's current generation with its profiles and descriptions (a user's edits win). */
export async function readIndexTables(datasetId: string): Promise<IndexTables> {
  const generation = await currentGeneration(datasetId);
  const [profiles, descriptions] = await Promise.all([
    generation === null ? new Map<string, ColumnProfile>() : readProfiles(datasetId, generation),
    readDescriptions(datasetId, generation),
  ]);
  return { generation, profiles, descriptions };
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
  return schemaGraphOf(datasetId, dataset.tables, await readIndexTables(datasetId));
}

/** The graph of a dataset already loaded, from its index tables (read once per question by the run's context). */
export async function schemaGraphOf(
  datasetId: string,
  tables: readonly TableMeta[],
  index: IndexTables,
): Promise<DatasetGraph> {
  const { generation, profiles, descriptions } = index;
  const [stored, edges] = await Promise.all([
    generation === null ? [] : readJoins(datasetId, generation),
    listSchemaEdges(datasetId),
  ]);
  const model = joinScorer();
  const joins = scoredJoins(stored, tables, profiles, model);
  const graph = composeSchemaGraph({ tables, joins, profiles, edges });
  const keysOf = new Map<string, string[]>();
  for (const n of graph.nodes) if (n.isPrimaryKey) keysOf.set(n.table, [...(keysOf.get(n.table) ?? []), n.column]);
  const shown = tables.map((t) => ({
    name: t.name,
    isView: t.isView,
    rowCount: t.rowCount,
    primaryKey: keysOf.get(t.name) ?? [],
    description: descriptions.get(columnKey(t.name, ""))?.text ?? null,
    columns: t.columns.map((c) => columnKey(t.name, c.sqlName)),
  }));
  const review = reviewedJoins(graph, joins, edges, model.threshold);
  return { generation, ...graph, tables: shown, suggestions: joinSuggestions(review), joinCounts: review.counts };
}
