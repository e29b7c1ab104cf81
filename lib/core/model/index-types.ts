import { z } from "zod";
import { columnRefSchema } from "./column-ref";
import { columnTypeSchema } from "./dataset";

/**
 * Types of the offline index (FGTR §4.1, SGAM §3.2): column profiles, descriptions, join
 * candidates, cell-index hits and the schema graph. Conventions shared by every type here:
 * `table` is a table's display name (TableMeta.name) and `column` a column's sqlName
 * (ColumnMeta.sqlName), which is also how ForeignKey refers to columns.
 */

// ---------------------------------------------------------------- column profiles

const profileValueSchema = z.union([z.string(), z.number()]);
export type ProfileValue = z.infer<typeof profileValueSchema>;

const topValueSchema = z.object({
  value: profileValueSchema,
  count: z.number().int().nonnegative(),
});
export type TopValue = z.infer<typeof topValueSchema>;

const columnProfileSchema = z.object({
  type: columnTypeSchema,
  rowCount: z.number().int().nonnegative(),
  nullCount: z.number().int().nonnegative(),
  nullShare: z.number().min(0).max(1),
  distinctCount: z.number().int().nonnegative(),
  /** True when distinctCount is a HyperLogLog estimate because the exact count passed the cap. */
  distinctEstimated: z.boolean(),
  /** FGTR's u: distinct values / rows. */
  uniqueness: z.number().min(0).max(1),
  /** Up to three most frequent values, most frequent first. */
  topValues: z.array(topValueSchema),
  /** True when topValues come from a heavy-hitters sketch (counts are upper bounds). */
  topValuesApproximate: z.boolean(),
  shortest: z.string().nullable(),
  longest: z.string().nullable(),
  /** Numbers for integer/real, ISO strings for dates, null otherwise. */
  min: profileValueSchema.nullable(),
  max: profileValueSchema.nullable(),
  mean: z.number().nullable(),
});
export type ColumnProfile = z.infer<typeof columnProfileSchema>;

/** A column's value set for Jaccard: exact (sorted, normalised) when small, plus a MinHash signature. */
const valueSketchSchema = z.object({
  distinct: z.number().int().nonnegative(),
  exact: z.array(z.string()).nullable(),
  signature: z.array(z.number().int().nonnegative()),
});
export type ValueSketch = z.infer<typeof valueSketchSchema>;

// ---------------------------------------------------------------- descriptions

const columnDescriptionSchema = z.object({
  table: z.string(),
  column: z.string(),
  expandedName: z.string(),
  description: z.string(),
});
export type ColumnDescription = z.infer<typeof columnDescriptionSchema>;

const tableDescriptionSchema = z.object({
  table: z.string(),
  expandedName: z.string(),
  description: z.string(),
});
export type TableDescription = z.infer<typeof tableDescriptionSchema>;

// ---------------------------------------------------------------- join discovery

export { columnRefSchema, type ColumnRef } from "./column-ref";

/**
 * A discovered join: ω = (s + j) × max(u_from, u_to) (FGTR eq. 3). `from` is the less unique
 * (referencing) side. `rule` says why it was kept: a declared foreign key, ω above the
 * threshold, or the values of `from` sitting inside a near-unique `to` with a related name
 * (an inclusion dependency).
 */
const joinCandidateSchema = z.object({
  from: columnRefSchema,
  to: columnRefSchema,
  omega: z.number().nonnegative(),
  semantic: z.number().min(0).max(1),
  jaccard: z.number().min(0).max(1),
  /** Share of from's distinct values found in to. */
  containment: z.number().min(0).max(1),
  jaccardEstimated: z.boolean(),
  rule: z.enum(["declared", "omega", "inclusion"]),
  uniquenessFrom: z.number().min(0).max(1),
  uniquenessTo: z.number().min(0).max(1),
  /** The learned scorer's P(real join); absent when no scorer ran or a column has no profile. */
  probability: z.number().min(0).max(1).optional(),
  /** Whether the candidate holds well enough to be drawn and joined on; absent when unscored. */
  passes: z.boolean().optional(),
});
export type JoinCandidate = z.infer<typeof joinCandidateSchema>;

// ---------------------------------------------------------------- cell index

const cellEntrySchema = z.object({
  key: z.number().int().nonnegative(),
  table: z.string(),
  column: z.string(),
  value: z.string(),
  normalized: z.string(),
  rowCount: z.number().int().nonnegative(),
  rowIds: z.array(z.number().int()).optional(),
});
export type CellEntry = z.infer<typeof cellEntrySchema>;

export const cellMatchSchema = z.enum(["exact", "normalized", "prefix", "vector"]);
export type CellMatch = z.infer<typeof cellMatchSchema>;

const cellHitSchema = z.object({
  table: z.string(),
  column: z.string(),
  value: z.string(),
  /** Ranking score: the cosine, raised by lexical matches so exact hits come first. */
  score: z.number(),
  /** The raw cosine between the query and the value. */
  similarity: z.number(),
  match: cellMatchSchema,
  rowCount: z.number().int().nonnegative(),
  rowIds: z.array(z.number().int()).optional(),
});
export type CellHit = z.infer<typeof cellHitSchema>;

// ---------------------------------------------------------------- schema graph

const schemaNodeSchema = z.object({
  id: z.string(),
  table: z.string(),
  column: z.string(),
  /** The column's display name. */
  name: z.string(),
  type: columnTypeSchema,
  isPrimaryKey: z.boolean(),
  /** "declared" by the source, or "inferred" from a unique, never-null column when none was. */
  primaryKeyOrigin: z.enum(["declared", "inferred"]).nullable(),
});
export type SchemaNode = z.infer<typeof schemaNodeSchema>;

export const edgeKindSchema = z.enum(["key", "foreign_key", "discovered", "context", "derivation", "join"]);
export type EdgeKind = z.infer<typeof edgeKindSchema>;

export const edgeOriginSchema = z.enum(["declared", "discovered", "curated", "inferred"]);

const schemaEdgeSchema = z.object({
  id: z.string(),
  source: z.string(),
  target: z.string(),
  kind: edgeKindSchema,
  label: z.string(),
  /** Strength: 1 for declared/curated, ω for discovered. Path search turns it into a cost. */
  weight: z.number().nonnegative(),
  origin: edgeOriginSchema,
  /** Edges with the same group form one join condition (the column pairs of a composite key). */
  group: z.string().optional(),
  /** Discovery scores, present on `discovered` edges. */
  join: joinCandidateSchema.optional(),
});
export type SchemaEdge = z.infer<typeof schemaEdgeSchema>;

/** An edge a user adds by hand; endpoints are node ids. */
const curatedEdgeInputSchema = z.object({
  source: z.string(),
  target: z.string(),
  kind: z.enum(["context", "derivation", "join"]),
  label: z.string().optional(),
  weight: z.number().nonnegative().optional(),
});
export type CuratedEdgeInput = z.infer<typeof curatedEdgeInputSchema>;

export const schemaGraphSchema = z.object({
  nodes: z.array(schemaNodeSchema),
  edges: z.array(schemaEdgeSchema),
  /** What the builder left out and why (a key name shared by too many tables), in words. */
  notes: z.array(z.string()).optional(),
});
export type SchemaGraph = z.infer<typeof schemaGraphSchema>;

/** A join path between tables: the inter-table edges to follow, in order. */
const joinPathSchema = z.object({
  tables: z.array(z.string()),
  edges: z.array(schemaEdgeSchema),
  cost: z.number().nonnegative(),
});
export type JoinPath = z.infer<typeof joinPathSchema>;
