import "server-only";
import { columnKey } from "@/lib/core/index";
import { inferSemanticModel, type SemanticInputTable } from "@/lib/core/index/semantic";
import type { TableMeta } from "@/lib/core/model/dataset";
import type { ColumnProfile, JoinCandidate } from "@/lib/core/model/index-types";
import type { SemanticModel } from "@/lib/core/model/semantic-model";
import { composeSchemaGraph } from "@/lib/server/index/dataset-graph";
import { joinScorer, scoredJoins } from "@/lib/server/index/join-scoring";
import { listSchemaEdges } from "@/lib/server/index/schema-edges";

/** Distinct values of a column given to the inference (spread over its sorted value set). */
const SAMPLE_VALUES = 40;

/** What one dataset's inference reads; `values` are a column's distinct values when the index run has them. */
export type DatasetSemanticParts = {
  datasetId: string;
  tables: readonly TableMeta[];
  profiles: ReadonlyMap<string, ColumnProfile>;
  joins: readonly JoinCandidate[];
  viewSql: ReadonlyMap<string, string>;
  /** Expanded names by column key (column "" = the table), from the descriptions. */
  expanded?: ReadonlyMap<string, string>;
  values?: (table: string, column: string) => readonly string[] | null;
};

/** Up to `n` values spread evenly over a sorted list, so both ends and the middle are seen. */
function spread(values: readonly string[], n: number): string[] {
  if (values.length <= n) return [...values];
  return Array.from({ length: n }, (_, i) => values[Math.floor((i * (values.length - 1)) / (n - 1))]);
}

/**
 * Infers a dataset's semantic model from its indexed parts: the schema graph it serves (scored joins,
 * the user's edges), profiles, expanded names, sampled values and each view's SQL. Runs in the
 * thread that calls it: the index run's background thread, or a question's worker.
 */
export async function inferDatasetModel(parts: DatasetSemanticParts): Promise<SemanticModel> {
  let joins = parts.joins;
  try {
    joins = scoredJoins(parts.joins, parts.tables, parts.profiles, joinScorer());
  } catch {
    // No trained scorer here (a script without models/): every candidate is read as discovered.
  }
  const graph = composeSchemaGraph({
    tables: parts.tables,
    joins,
    profiles: parts.profiles,
    edges: await listSchemaEdges(parts.datasetId),
  });
  const tables: SemanticInputTable[] = parts.tables.map((t) => ({
    name: t.name,
    sqlName: t.sqlName,
    isView: t.isView,
    rowCount: t.rowCount,
    viewSql: parts.viewSql.get(t.name) ?? null,
    expandedName: parts.expanded?.get(columnKey(t.name, "")),
    columns: t.columns.map((c) => ({
      column: c.sqlName,
      name: c.name,
      type: c.type,
      isPrimaryKey: c.isPrimaryKey,
      expandedName: parts.expanded?.get(columnKey(t.name, c.sqlName)),
      profile: parts.profiles.get(columnKey(t.name, c.sqlName)) ?? null,
      values: spread(parts.values?.(t.name, c.sqlName) ?? [], SAMPLE_VALUES),
    })),
  }));
  return inferSemanticModel({ tables, graph });
}
