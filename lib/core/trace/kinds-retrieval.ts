import { z } from "zod";
import { cellMatchSchema, columnRefSchema, edgeKindSchema, edgeOriginSchema } from "../model/index-types";
import { cellValueSchema, comparatorSchema, eventBase, rowIdSchema, TRACE_LIMITS } from "./atoms";

/**
 * Events of table retrieval (FGTR §4.2–4.3, SGAM): question parsing, schema votes and selection,
 * join paths, column ranges, cell hits and the merged sub-table. `table` is a table's display
 * name and `column` a column's sqlName, as everywhere in lib/core/model/index-types.
 */

export const questionParseEvent = z.object({
  ...eventBase,
  type: z.literal("question-parse"),
  keywords: z.array(z.string()),
  entities: z.array(z.object({ text: z.string(), kind: z.string().optional() })),
  numbers: z.array(z.object({ value: z.number(), comparator: comparatorSchema, text: z.string() })),
  /** `value` is an ISO date or a prefix of one ("2019", "2019-05"). */
  dates: z.array(z.object({ text: z.string(), value: z.string(), comparator: comparatorSchema.optional() })),
  /** What the question asks for: "lookup", "count", "sum", "average", "min", "max", "compare", "list"… */
  intent: z.string(),
  /** SGAM's decomposition: the conditions and the main question without them. */
  conditions: z.array(z.string()).optional(),
  mainQuestion: z.string().optional(),
});

/** One round of schema mapping: the columns this round voted for. */
export const schemaVoteEvent = z.object({
  ...eventBase,
  type: z.literal("schema-vote"),
  round: z.number().int().nonnegative(),
  columns: z.array(columnRefSchema).max(TRACE_LIMITS.columns),
  /** Which local scorer or perturbation cast this vote (local reasoner). */
  scorer: z.string().optional(),
  reasoning: z.string().optional(),
});

/** The vote tally: a column is kept when votes ≥ θ·K (FGTR eq. 4). */
export const schemaSelectionEvent = z.object({
  ...eventBase,
  type: z.literal("schema-selection"),
  columns: z
    .array(
      columnRefSchema.extend({
        votes: z.number().int().nonnegative(),
        frequency: z.number().min(0).max(1),
        /** The trained schema linker's probability, when it voted. */
        probability: z.number().min(0).max(1).optional(),
      }),
    )
    .max(TRACE_LIMITS.columns),
  k: z.number().int().positive(),
  theta: z.number().min(0).max(1),
  kept: z.array(columnRefSchema).max(TRACE_LIMITS.columns),
  dropped: z.array(columnRefSchema).max(TRACE_LIMITS.columns),
});

/** Columns added by schema filling (FGTR eq. 5): primary keys and join keys of recalled tables. */
export const schemaFillEvent = z.object({
  ...eventBase,
  type: z.literal("schema-fill"),
  added: z
    .array(
      columnRefSchema.extend({
        reason: z.enum(["primary-key", "join-key", "value", "date", "unit", "learned", "label"]),
      }),
    )
    .max(TRACE_LIMITS.columns),
});

/** A join path between two tables; edge endpoints are schema-graph node ids. */
export const joinPathEvent = z.object({
  ...eventBase,
  type: z.literal("join-path"),
  fromTable: z.string(),
  toTable: z.string(),
  /** Tables along the path, in order, when known. */
  tables: z.array(z.string()).optional(),
  edges: z
    .array(
      z.object({
        id: z.string().optional(),
        source: z.string(),
        target: z.string(),
        kind: edgeKindSchema,
        origin: edgeOriginSchema,
        weight: z.number().nonnegative().optional(),
      }),
    )
    .max(TRACE_LIMITS.edges),
});

/** FGTR range parsing: constrained columns get a predicate, dependent columns keep all values. */
export const columnRangeEvent = z.object({
  ...eventBase,
  type: z.literal("column-range"),
  table: z.string(),
  column: z.string(),
  role: z.enum(["constrained", "dependent"]),
  predicate: z.object({ op: comparatorSchema, values: z.array(cellValueSchema).max(TRACE_LIMITS.values) }).optional(),
});

/** Cell mapping: the values of one column that matched one query string, with their rows. */
export const cellHitsEvent = z.object({
  ...eventBase,
  type: z.literal("cell-hits"),
  table: z.string(),
  column: z.string(),
  query: z.string(),
  hits: z
    .array(
      z.object({
        value: cellValueSchema,
        score: z.number(),
        match: cellMatchSchema.or(z.literal("compare")).optional(),
        rowIds: z.array(rowIdSchema).max(TRACE_LIMITS.rowIds).optional(),
        rowCount: z.number().int().nonnegative(),
      }),
    )
    .max(TRACE_LIMITS.hits),
});

/** Cell merging: the rows and columns kept of one table (FGTR eq. 6), against its full size. */
export const subTableEvent = z.object({
  ...eventBase,
  type: z.literal("sub-table"),
  table: z.string(),
  columns: z.array(z.string()).max(TRACE_LIMITS.columns),
  rowIds: z.array(rowIdSchema).max(TRACE_LIMITS.rowIds),
  rowIdsTruncated: z.boolean(),
  /** The sub-table keeps every row of its table (no constraint narrowed it), so no ids are listed. */
  allRows: z.boolean().optional(),
  rowCount: z.number().int().nonnegative(),
  columnCount: z.number().int().nonnegative(),
  totalRows: z.number().int().nonnegative(),
  totalColumns: z.number().int().nonnegative(),
});

/**
 * Which views the run reads (the semantic model's views): a view is used only when the question names
 * it (its own name, or a column only it has), and then its base tables are left out so nothing joins
 * them to it; a view named only by the entity its base table names too is left out for that table.
 */
export const viewScopeEvent = z.object({
  ...eventBase,
  type: z.literal("view-scope"),
  kept: z.array(z.object({ view: z.string(), why: z.string() })).max(TRACE_LIMITS.columns),
  /** Views and base tables left out of the run. */
  hidden: z.array(z.object({ table: z.string(), why: z.string() })).max(TRACE_LIMITS.columns),
  /** Join edges cut between two kept views over the same base. */
  cutEdges: z.number().int().nonnegative(),
});
