import { z } from "zod";
import { parseColumnKey, refKey } from "../../model/column-ref";
import type { ColumnRef, SchemaGraph } from "../../model/index-types";
import { cellValueSchema, type CellValue } from "../../trace/atoms";
import { columnOf, type RetrievalSchema } from "../ports";

/** Caps on a re-run's constraints: enough for a person, small enough to trace. */
const MAX_CONSTRAINTS_PER_KIND = 20;

const keys = (what: string) =>
  z
    .array(z.string().min(1, `${what} must be non-empty strings.`).max(500))
    .max(MAX_CONSTRAINTS_PER_KIND, `At most ${MAX_CONSTRAINTS_PER_KIND} ${what}.`)
    .default([]);

/**
 * What a user pins or excludes before a re-run (issue "Compare and steer"): columns as
 * "table.column" keys (columnKey), schema-graph edge ids, and conditions "column = value" taken
 * from a cell. FGTR and SGAM honour every kind in their own steps; the SQL they run never names an
 * excluded column and always names an included one.
 */
export const runConstraintsSchema = z.object({
  includeColumns: keys("includeColumns"),
  excludeColumns: keys("excludeColumns"),
  includeEdges: keys("includeEdges"),
  excludeEdges: keys("excludeEdges"),
  conditions: z
    .array(z.object({ column: z.string().min(1).max(500), value: cellValueSchema }))
    .max(MAX_CONSTRAINTS_PER_KIND)
    .default([]),
});
export type RunConstraints = z.output<typeof runConstraintsSchema>;
export type RunConstraintsInput = z.input<typeof runConstraintsSchema>;

/** True when any constraint is set. */
export function hasConstraints(c: RunConstraints | null | undefined): c is RunConstraints {
  if (!c) return false;
  const counts = [c.includeColumns, c.excludeColumns, c.includeEdges, c.excludeEdges, c.conditions];
  return counts.some((list) => list.length > 0);
}

/** A condition with its column resolved. */
type ResolvedCondition = { ref: ColumnRef; value: CellValue };

/** The constraints with keys resolved to column refs, the form the steps read. */
export type ResolvedConstraints = {
  include: ColumnRef[];
  exclude: ColumnRef[];
  includeEdges: string[];
  excludeEdges: string[];
  conditions: ResolvedCondition[];
};

/** Resolves the keys (no checking: see constraintProblems). */
export function resolveConstraints(c: RunConstraints): ResolvedConstraints {
  return {
    include: c.includeColumns.map(parseColumnKey),
    exclude: c.excludeColumns.map(parseColumnKey),
    includeEdges: c.includeEdges,
    excludeEdges: c.excludeEdges,
    conditions: c.conditions.map((x) => ({ ref: parseColumnKey(x.column), value: x.value })),
  };
}

/**
 * What is wrong with constraints on this dataset, each problem naming its culprit: a column or
 * edge the dataset lacks, a column both pinned and excluded, a condition on an excluded column.
 */
export function constraintProblems(c: RunConstraints, schema: RetrievalSchema, graph: SchemaGraph): string[] {
  const problems: string[] = [];
  const columnProblem = (field: string, key: string) => {
    const ref = parseColumnKey(key);
    if (!ref.column || !columnOf(schema, ref))
      problems.push(`${field}: the dataset has no column "${key}" (write it as "table.column").`);
  };
  for (const k of c.includeColumns) columnProblem("includeColumns", k);
  for (const k of c.excludeColumns) columnProblem("excludeColumns", k);
  for (const x of c.conditions) columnProblem("conditions", x.column);
  const edgeIds = new Set(graph.edges.map((e) => e.id));
  for (const [field, list] of [
    ["includeEdges", c.includeEdges],
    ["excludeEdges", c.excludeEdges],
  ] as const)
    for (const id of list) if (!edgeIds.has(id)) problems.push(`${field}: the schema graph has no edge "${id}".`);
  const excluded = new Set(c.excludeColumns.map((k) => refKey(parseColumnKey(k))));
  for (const k of c.includeColumns)
    if (excluded.has(refKey(parseColumnKey(k)))) problems.push(`"${k}" is both pinned and excluded.`);
  for (const x of c.conditions)
    if (excluded.has(refKey(parseColumnKey(x.column))))
      problems.push(`conditions: "${x.column}" is excluded, so no condition can use it.`);
  for (const id of c.includeEdges)
    if (c.excludeEdges.includes(id)) problems.push(`Edge "${id}" is both pinned and excluded.`);
  return problems;
}
