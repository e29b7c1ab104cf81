import { z } from "zod";
import { cellValueSchema, comparatorSchema } from "../trace/atoms";
import { datePartSchema } from "./date-part";

/**
 * A query plan as plain JSON that names columns by key ("table.column"): what an answer event
 * carries so a confirmed answer can be stored, exported and reused on a similar question of the
 * same dataset, where it is read back against that run's columns (planFromJson).
 */
const itemSchema = z.object({
  fn: z.enum(["count", "sum", "avg", "min", "max"]).nullable(),
  column: z.string().nullable(),
  distinct: z.boolean(),
  /** Columns shown with `column` as one value (a name kept as first + last). */
  joined: z.array(z.string()).max(3).optional(),
});
const conditionSchema = z.object({
  column: z.string(),
  op: comparatorSchema,
  values: z.array(cellValueSchema),
  numeric: z.boolean(),
  cast: z.boolean(),
  source: z.string(),
  /** The condition compares this part of the column's dates. */
  part: datePartSchema.optional(),
});

export const programJsonSchema = z.object({
  mainTable: z.string(),
  operation: z.string(),
  select: z.array(itemSchema).max(20),
  where: z.array(conditionSchema).max(20),
  negation: z.object({ where: z.array(conditionSchema).max(20), table: z.string().nullable() }).nullable(),
  groupBy: z.array(z.string()).max(10),
  having: z
    .object({
      op: comparatorSchema,
      value: z.number(),
      /** Count distinct values of this column ("table.column"), not rows. */
      distinct: z.string().optional(),
    })
    .nullable(),
  orderBy: z.object({ item: itemSchema, direction: z.enum(["asc", "desc"]) }).nullable(),
  rowOrder: z.enum(["asc", "desc"]).nullable(),
  limit: z.number().int().positive().nullable(),
  ties: z.boolean(),
  distinct: z.boolean(),
  extraTables: z.array(z.string()).max(10),
  /** Comparisons and shares are kept by kind only; they are rebuilt from the new question. */
  special: z.string().nullable(),
});
export type ProgramJson = z.infer<typeof programJsonSchema>;

/** An answer a user confirmed (👍, or picked among the readings) or rejected (👎), kept per dataset. */
const learnedExampleSchema = z.object({
  id: z.string(),
  question: z.string().max(2000),
  reading: z.string().max(1000),
  program: programJsonSchema,
  verdict: z.enum(["confirmed", "rejected"]),
});
export type LearnedExample = z.infer<typeof learnedExampleSchema>;
