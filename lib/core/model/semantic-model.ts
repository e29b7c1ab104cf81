import { z } from "zod";
import { columnRefSchema } from "./column-ref";

/**
 * The semantic model of a dataset: what a BI tool's semantic layer (LookML, MetricFlow, Cube, WrenAI's
 * MDL) makes people write by hand, inferred at index time from names, values and keys, stored with the
 * index generation, shown where the schema graph is curated and corrected there by the user. Every
 * method reads it; the local reasoner reads entities, labels, measures, dates, flags and views from it
 * instead of guessing them again per question.
 *
 * Each inferred fact carries `origin` ("inferred" or "user") and, when inferred, a `confidence` in
 * [0, 1] and the `evidence` (short words a person can check: "named *_id, unique, 1..n"). A user's
 * edit is kept across re-indexing (an override keyed by table and column) and wins over inference.
 */

export const semanticOriginSchema = z.enum(["inferred", "user"]);
export type SemanticOrigin = z.infer<typeof semanticOriginSchema>;

const factBase = {
  origin: semanticOriginSchema,
  /** Probability that the inferred fact is right (absent for a user's edit). */
  confidence: z.number().min(0).max(1).optional(),
  /** Why it was inferred, in words. */
  evidence: z.string().max(300).optional(),
};

/** A unit a measure is written in, as a convert-units/js-quantities unit name ("min", "h", "km", "USD"). */
export const measureUnitSchema = z.object({
  unit: z.string().max(40),
  /** Multiplier the stored number carries ("in thousands" → 1000). */
  scale: z.number().positive().default(1),
});
export type MeasureUnit = z.infer<typeof measureUnitSchema>;

/** A summable or comparable quantity of a row. */
export const measureSchema = z.object({
  column: z.string(),
  /** How the column is usually aggregated ("sum" for amounts, "avg" for rates and scores). */
  aggregation: z.enum(["sum", "avg", "none"]),
  unit: measureUnitSchema.nullable(),
  ...factBase,
});
export type Measure = z.infer<typeof measureSchema>;

/** How finely a date column is written: its grain and its storage. */
export const timeDimensionSchema = z.object({
  column: z.string(),
  grain: z.enum(["second", "minute", "hour", "day", "month", "quarter", "year"]),
  /** How the values are written: ISO text, other text (with the pattern), a year number, epoch seconds. */
  storage: z.enum(["iso-text", "text", "year-number", "epoch-seconds", "date"]),
  /** For storage "text": a pattern such as "MMM d yyyy" the reasoner can render to SQL. */
  pattern: z.string().max(40).optional(),
  /** Dates that all fall on a month's last day (a month-end grain written as a day). */
  monthEnd: z.boolean().default(false),
  ...factBase,
});
export type TimeDimension = z.infer<typeof timeDimensionSchema>;

/** A two-valued column and which of its written values means "true". */
export const flagSchema = z.object({
  column: z.string(),
  trueValues: z.array(z.string().max(60)).max(8),
  falseValues: z.array(z.string().max(60)).max(8),
  /** A word for the true state ("discontinued", "active"), when the name gives one. */
  meaning: z.string().max(60).optional(),
  ...factBase,
});
export type Flag = z.infer<typeof flagSchema>;

/** How a person names a row: one column, or an expression over several (first + last name). */
export const labelSchema = z.object({
  columns: z.array(z.string()).min(1).max(3),
  /** Separator between the columns of a composite label (" " for first + last). */
  separator: z.string().max(4).default(" "),
  /** Words a question uses for the composite ("full name", "name"). */
  names: z.array(z.string().max(40)).max(6).default([]),
  ...factBase,
});
export type Label = z.infer<typeof labelSchema>;

/** What kind of table it is. */
export const tableKindSchema = z.enum(["entity", "bridge", "event", "lookup", "view"]);
export type TableKind = z.infer<typeof tableKindSchema>;

/** One table (or view) of the dataset, read as the entity its rows describe. */
export const semanticTableSchema = z.object({
  table: z.string(),
  kind: tableKindSchema,
  /** Singular and plural names of what one row is ("order line" / "order lines"). */
  entity: z.object({ singular: z.string().max(80), plural: z.string().max(80), ...factBase }),
  label: labelSchema.nullable(),
  /** Columns that identify a row of this table. */
  identifiers: z.array(z.string()),
  /** For a bridge: the two (or more) references it pairs. */
  bridges: z.array(columnRefSchema).default([]),
  measures: z.array(measureSchema),
  dates: z.array(timeDimensionSchema),
  flags: z.array(flagSchema),
  /** For a view: the base tables it reads (never joined to them; preferred only when named). */
  derivedFrom: z.array(z.string()).default([]),
});
export type SemanticTable = z.infer<typeof semanticTableSchema>;

export const semanticModelSchema = z.object({
  version: z.literal(1),
  tables: z.array(semanticTableSchema),
});
export type SemanticModel = z.infer<typeof semanticModelSchema>;

/** The semantic table of `table`, if the model has one. */
export function semanticTable(model: SemanticModel | null | undefined, table: string): SemanticTable | undefined {
  return model?.tables.find((t) => t.table === table);
}
