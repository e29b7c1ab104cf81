import { z } from "zod";
import { timeGrainSchema } from "../model/semantic-model";
import type { ColumnRef } from "../model/column-ref";
import type { JoinPath } from "../model/index-types";
import { columnTypeSchema } from "../model/dataset";
import { cellValueSchema, comparatorSchema } from "../trace/atoms";
import { datePartSchema } from "../model/date-part";

export { datePartSchema, type DatePartUnit } from "../model/date-part";

const dateFormatSchema = z.enum(["iso", "mon-d-y", "d-mon-y", "m/d/y", "d/m/y", "y/m/d"]);

/**
 * The typed data FGTR's steps pass along (zod, so the llm implementations are validated against
 * the same contract as the local ones).
 */

/** What the question asks for (FGTR question parsing, used by the local answer's SQL). */
const intentSchema = z.enum([
  "lookup",
  "list",
  "count",
  "sum",
  "average",
  "min",
  "max",
  "argmax",
  "argmin",
  "difference",
  "comparison",
  "ratio",
  "percentage",
  "yes-no",
]);
export type Intent = z.infer<typeof intentSchema>;

const aggregateFnSchema = z.enum(["count", "sum", "avg", "min", "max"]);
export type AggregateFn = z.infer<typeof aggregateFnSchema>;

const entitySchema = z.object({
  text: z.string(),
  kind: z.enum(["quoted", "capitalized", "acronym", "value"]).default("value"),
});
export type Entity = z.infer<typeof entitySchema>;

/** A number with its comparator: "not more than 250" → { value: 250, comparator: "<=" }. */
const numberMentionSchema = z.object({
  value: z.number(),
  comparator: comparatorSchema,
  /** Upper bound of "between a and b". */
  upper: z.number().optional(),
  text: z.string(),
  /** The words just before the number, which name what it constrains ("older than" → age). */
  context: z.string().default(""),
  /** The unit written with it ("min", "kg", "degF", "percent": quantities.ts), for columns kept in another. */
  unit: z.string().optional(),
});
export type NumberMention = z.infer<typeof numberMentionSchema>;

/** A date or year; `value` is an ISO date or a prefix of one ("2015", "2015-03"). */
const dateMentionSchema = z.object({
  value: z.string(),
  comparator: comparatorSchema.default("="),
  upper: z.string().optional(),
  text: z.string(),
  context: z.string().default(""),
  /** The interval the phrase names: ISO start (inclusive) and end (exclusive); one may be open. */
  start: z.string().optional(),
  end: z.string().optional(),
  /** How finely the phrase is written: a year, a quarter, a month, a week, a day. */
  grain: z.enum(["year", "quarter", "month", "week", "day", "hour"]).optional(),
  /** A recurring part instead of an interval: "in May" (month 5), "on weekends" (weekday 0, 6). */
  part: z.object({ unit: datePartSchema, values: z.array(z.number()).max(40) }).optional(),
  /** Said relative to now ("last year"): resolved against the data's last date, never the clock. */
  relative: z.boolean().optional(),
});
export type DateMention = z.infer<typeof dateMentionSchema>;

const phrase = z.string();

export const parsedQuestionSchema = z.object({
  reasoning: z.string().default(""),
  // Required (no default): a model answer without them did not parse the question at all.
  keywords: z.array(z.string()),
  entities: z.array(entitySchema).default([]),
  numbers: z.array(numberMentionSchema).default([]),
  dates: z.array(dateMentionSchema).default([]),
  intent: intentSchema,
  /** Aggregates asked for, each over the attribute its phrase names ("average age"). */
  aggregates: z.array(z.object({ fn: aggregateFnSchema, phrase, distinct: z.boolean().default(false) })).default([]),
  /** Phrases naming the attributes to show ("first name", "age"). */
  targets: z.array(phrase).default([]),
  /** "for each type of pet" → ["type of pet"]. */
  groupBy: z.array(phrase).default([]),
  orderBy: z
    .object({ phrase, direction: z.enum(["asc", "desc"]) })
    .nullable()
    .default(null),
  /** "the youngest", "the most documents": order by the phrase (or by a count) and keep the first. */
  superlative: z
    .object({ phrase, direction: z.enum(["max", "min"]), byCount: z.boolean().default(false) })
    .nullable()
    .default(null),
  limit: z.number().int().positive().nullable().default(null),
  /** A condition on a count per group: "more than one pet" → { comparator: ">", value: 1 }. */
  having: z
    .object({
      comparator: comparatorSchema,
      value: z.number(),
      phrase,
      /** "in two different fields": distinct values of the phrase's column are counted, not rows. */
      distinct: z.boolean().default(false),
    })
    .nullable()
    .default(null),
  /** "who do not have a cat": the condition to negate, as words. */
  negation: z.object({ phrase }).nullable().default(null),
  distinct: z.boolean().default(false),
  /** "no capital recorded" / "with a director listed": an attribute asked to be missing or present. */
  missing: z.array(z.object({ phrase, present: z.boolean() })).default([]),
  /** "the first game", "the last year": a position in the table's row order. */
  position: z.enum(["first", "last"]).nullable().default(null),
  /** "the team previous to Crettyard": the row before (-1) or after (+1) the one a value names. */
  adjacent: z.object({ offset: z.number().int(), phrase }).nullable().default(null),
  /** The thing the question is about ("singers", "pets"), usually naming a table. */
  subject: z.string().nullable().default(null),
  /** "Which month had the most orders": a part of a date the answer groups by. */
  dateGroup: z.object({ unit: datePartSchema, phrase }).nullable().default(null),
});
export type ParsedQuestion = z.infer<typeof parsedQuestionSchema>;

/** A cell-index hit for a phrase of the question, found before schema mapping (its column examples). */
export const cellHintSchema = z.object({
  phrase: z.string(),
  table: z.string(),
  column: z.string(),
  value: z.string(),
  score: z.number(),
  exact: z.boolean(),
});
export type CellHint = z.infer<typeof cellHintSchema>;

export { columnRefSchema } from "../model/column-ref";

export const predicateSchema = z.object({
  op: comparatorSchema,
  values: z.array(cellValueSchema),
  /** Compare this part of the column's dates ("month" = 5), not the dates themselves. */
  part: datePartSchema.optional(),
});
export type Predicate = z.infer<typeof predicateSchema>;

/** Range parsing's verdict on one column (FGTR §4.3). */
export const columnRangeSchema = z.object({
  table: z.string(),
  column: z.string(),
  role: z.enum(["constrained", "dependent"]),
  predicate: predicateSchema.optional(),
  /** For text constraints: the words to look up in the cell index. */
  query: z.string().optional(),
  /** The question words the constraint came from. */
  source: z.string().optional(),
});
export type ColumnRange = z.infer<typeof columnRangeSchema>;

/** A column as the range and answer steps see it: its name's words and what it holds. */
export const stepColumnSchema = z.object({
  table: z.string(),
  column: z.string(),
  name: z.string(),
  type: columnTypeSchema,
  /** Expanded-name words, and those not already in the table's name. */
  words: z.array(z.string()),
  own: z.array(z.string()),
  keyLike: z.boolean(),
  /** Text that reads as numbers: compared, aggregated and ordered through a numeric cast. */
  numericText: z.boolean().default(false),
  /** Text dates written another way than ISO ("Jun 12 1998"): compared and ordered as ISO dates. */
  dateFormat: dateFormatSchema.optional(),
  /** The semantic model's unit of a measure ("min", "USD"; scale 1000 for a column "in thousands"). */
  unit: z.object({ unit: z.string(), scale: z.number() }).optional(),
  /** The semantic model's yes/no reading of a two-valued column: which written values mean true. */
  flag: z
    .object({ trueValues: z.array(z.string()), falseValues: z.array(z.string()), meaning: z.string().optional() })
    .optional(),
  /** The semantic model's grain of a date column ("day", "month" for month-end figures, "year"). */
  grain: timeGrainSchema.optional(),
});

/** Cell mapping's knobs (FGTR §4.3): at least the top-n values per text constraint, plus all ≥ threshold. */
export type CellMappingParams = { topN: number; cellThreshold: number };
/** The answer stage's caps: rows per sub-table shown to the llm, rows of the answer's SQL result. */
export type AnswerParams = { maxSubTableRows: number; maxAnswerRows: number };
/** Rows per sub-table shown to the llm answer step unless a method sets its own. */
export const DEFAULT_MAX_SUB_TABLE_ROWS = 200;

/** Schema filling's result: the columns and tables to answer from, with the join over them. */
export type FilledSchema = {
  /** Selected columns plus the added keys, without duplicates. */
  columns: ColumnRef[];
  /** Tables to answer from: the recalled ones plus intermediate tables of the join path. */
  tables: string[];
  /** The join tree over `tables` (null when they are not all connected). */
  join: JoinPath | null;
  added: Array<ColumnRef & { reason: "primary-key" | "join-key" | "value" | "date" | "unit" | "learned" | "label" }>;
};

/** One retrieved sub-table T'ᵢ = Tᵢ[Rᵢ, S] (FGTR eq. 6). */
export type SubTable = {
  table: string;
  columns: string[];
  /** Rᵢ; null means every row of the table. */
  rowIds: number[] | null;
  rowCount: number;
  totalRows: number;
  totalColumns: number;
  /** How Rᵢ was obtained. */
  rows: "constrained" | "joined" | "all";
};
