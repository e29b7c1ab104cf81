import { z } from "zod";
import { cellValueSchema } from "../../trace/atoms";
import { tableKindSchema } from "../../model/semantic-model";
import {
  columnRefSchema,
  datePartSchema,
  parsedQuestionSchema,
  predicateSchema,
  stepColumnSchema,
} from "../../retrieval/types";

/** A column the answer may use: the selected ones (and the other columns of their tables, marked). */
const answerColumnSchema = stepColumnSchema.extend({
  isPrimaryKey: z.boolean(),
  /** Share of distinct values (profile), for finding the column that labels a table's rows. */
  uniqueness: z.number().min(0).max(1).default(0),
  selected: z.boolean(),
  /** Vote share from schema mapping (0 for filled keys and unselected columns). */
  frequency: z.number().min(0).max(1),
  /** What the column is for (roles.ts): keys are never summed, labels answer "which …". */
  role: z.enum(["identifier", "reference", "measure", "date", "label", "category", "code", "text"]).default("text"),
  /** A part of this date column ("month"), read as a column of its own: what "which month …" groups by. */
  part: datePartSchema.optional(),
});
export type AnswerColumn = z.infer<typeof answerColumnSchema>;

const answerTableSchema = z.object({
  name: z.string(),
  sqlRef: z.string(),
  words: z.array(z.string()),
  rowCount: z.number().int().nonnegative(),
  hasRowId: z.boolean(),
});

const joinEdgeSchema = z.object({ a: columnRefSchema, b: columnRefSchema });
export type JoinEdge = z.infer<typeof joinEdgeSchema>;

const constraintSchema = z.object({
  table: z.string(),
  column: z.string(),
  predicate: predicateSchema,
  numeric: z.boolean(),
  /** Compare through a numeric cast of a text column. */
  cast: z.boolean().default(false),
  source: z.string().default(""),
  /** The column holds text dates in this format: the predicate compares their ISO form. */
  dateFormat: z.enum(["iso", "mon-d-y", "d-mon-y", "m/d/y", "d/m/y", "y/m/d"]).optional(),
});
export type Constraint = z.infer<typeof constraintSchema>;

const subTableRowsSchema = z.object({
  table: z.string(),
  columns: z.array(z.string()),
  rows: z.array(z.object({ rowId: z.number().int().nullable(), values: z.array(cellValueSchema) })),
  rowCount: z.number().int().nonnegative(),
  totalRows: z.number().int().nonnegative(),
});

/** What the semantic model says of a table in the answer: the entity its rows are and the label that names them. */
const answerEntitySchema = z.object({
  table: z.string(),
  kind: tableKindSchema,
  singular: z.string(),
  plural: z.string(),
  /** The column(s) a person names a row by; several (first + last name) are shown side by side. */
  label: z.object({ columns: z.array(z.string()).min(1), separator: z.string() }).nullable(),
});
export type AnswerEntity = z.infer<typeof answerEntitySchema>;

export const answerInputSchema = z.object({
  question: z.string().min(1),
  parsed: parsedQuestionSchema,
  columns: z.array(answerColumnSchema),
  tables: z.array(answerTableSchema),
  /** The semantic model's entities of the answer's tables (absent in inputs written before the model). */
  entities: z.array(answerEntitySchema).optional(),
  /** The join tree's tables (in order) and its column pairs. */
  join: z.object({ tables: z.array(z.string()), edges: z.array(joinEdgeSchema) }),
  constraints: z.array(constraintSchema),
  /** The retrieved sub-tables, rows capped (what the llm answers from). */
  subTables: z.array(subTableRowsSchema),
  maxRows: z.number().int().positive(),
});
export type AnswerInput = z.infer<typeof answerInputSchema>;

export const answerOutputSchema = z.object({
  reasoning: z.string(),
  /** One SELECT to compute the answer (local always; llm optionally). */
  sql: z.string().nullable().default(null),
  /** The same rows with row ids, for the evidence cells (local): row ids of `rowIdTables` first, then `columns`. */
  evidenceQuery: z
    .object({ sql: z.string(), rowIdTables: z.array(z.string()), columns: z.array(columnRefSchema) })
    .nullable()
    .default(null),
  /** The model's own answer text, read off the sub-tables (llm). */
  answer: z.string().nullable().default(null),
  values: z.array(cellValueSchema).default([]),
  operation: z.string().default("lookup"),
  evidence: z.array(z.object({ table: z.string(), column: z.string(), rowId: z.number().int() })).default([]),
});
export type AnswerOutput = z.infer<typeof answerOutputSchema>;
