import { z } from "zod";

/**
 * Building blocks shared by every trace event. Events carry references (table display name,
 * column sqlName, row id, node id), never copies of tables, and the list caps below keep a
 * single event small enough to stream and store even when a step touches a million rows.
 */

/** Which implementation produced a step: the deterministic offline one or a language model. */
export const reasonerSchema = z.enum(["local", "llm"]);
export type Reasoner = z.infer<typeof reasonerSchema>;

/** Upper bounds on list lengths inside one event; counts beside them stay exact. */
export const TRACE_LIMITS = {
  rowIds: 5000,
  hits: 200,
  columns: 2000,
  edges: 1000,
  nodes: 2000,
  evidence: 1000,
  values: 1000,
  /** Rows of an answer's result table kept on its event (the answer table and chart draw them). */
  resultRows: 200,
} as const;

/** One cell value as SQLite returns it (blobs are never traced). */
export const cellValueSchema = z.union([z.string(), z.number(), z.boolean(), z.null()]);
export type CellValue = z.infer<typeof cellValueSchema>;

/** A row id: SQLite's rowid of the row inside its dataset table. */
export const rowIdSchema = z.number().int();

/** Comparison operators used by parsed numbers, range predicates and SQL conditions. */
export const comparatorSchema = z.enum([
  "=",
  "!=",
  "<",
  "<=",
  ">",
  ">=",
  "between",
  "in",
  "not-in",
  "contains",
  "starts-with",
  "is-null",
  "not-null",
]);
export type Comparator = z.infer<typeof comparatorSchema>;

/** Fields every event has. `at` is milliseconds since the run started, `seq` its position. */
export const eventBase = {
  seq: z.number().int().nonnegative(),
  at: z.number().nonnegative(),
  stage: z.string().min(1).optional(),
  reasoner: reasonerSchema.optional(),
};

/**
 * Caps a list of row ids for an event: the first `max` ids and whether any were cut. The event's
 * count field keeps the true number, so the UI can say "showing 5,000 of 48,213 rows".
 */
export function capRowIds(
  ids: Iterable<number>,
  max: number = TRACE_LIMITS.rowIds,
): { rowIds: number[]; truncated: boolean } {
  const rowIds: number[] = [];
  for (const id of ids) {
    if (rowIds.length === max) return { rowIds, truncated: true };
    rowIds.push(id);
  }
  return { rowIds, truncated: false };
}
