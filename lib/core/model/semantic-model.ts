import { z } from "zod";
import { columnRefSchema } from "./column-ref";

/**
 * The semantic model of a dataset: what a BI tool's semantic layer (LookML, MetricFlow, Cube, WrenAI's
 * MDL) makes people write by hand, inferred at index time from names, values and keys
 * (`lib/core/index/semantic/`), stored with the index generation, shown where the schema graph is
 * curated and corrected there by the user. Every method reads it; the local reasoner reads column
 * roles, entities, labels, measures, dates, flags and views from it instead of guessing them again per
 * question.
 *
 * Each fact carries `origin` ("inferred" or "user") and, when inferred, a `confidence` in [0, 1] and
 * the `evidence` (short words a person can check: "named *_id, unique, 1..n"). A user's edit
 * (`semanticEditSchema`) is kept across re-indexing, keyed by table, column and kind, and wins over
 * inference.
 */

const semanticOriginSchema = z.enum(["inferred", "user"]);

const factBase = {
  origin: semanticOriginSchema,
  /** Probability that the inferred fact is right (absent for a user's edit). */
  confidence: z.number().min(0).max(1).optional(),
  /** Why it was inferred, in words. */
  evidence: z.string().max(300).optional(),
};
const semanticFactSchema = z.object(factBase);
export type SemanticFact = z.infer<typeof semanticFactSchema>;

/**
 * What a column is for, the reading an analyst makes of an unfamiliar schema:
 * `identifier` names one row of its own table (a key: counted, never summed); `reference` points at
 * another table's row; `measure` a quantity (summed, averaged, compared); `date` a point in time;
 * `label` names its row for a person; `category` a small set of repeated values (and a flag);
 * `code` digits that are not a quantity (a postal code); `text` anything else.
 */
const columnRoleSchema = z.enum(["identifier", "reference", "measure", "date", "label", "category", "code", "text"]);
export type ColumnRole = z.infer<typeof columnRoleSchema>;

/** A unit a measure is written in ("min", "h", "km", "USD", "percent" — UNIT_WORDS' names or a currency code). */
const measureUnitSchema = z.object({
  unit: z.string().max(40),
  /** Multiplier the stored number carries ("in thousands" → 1000, cents → 0.01). */
  scale: z.number().positive().default(1),
});
export type MeasureUnit = z.infer<typeof measureUnitSchema>;

/** A summable or comparable quantity of a row (MetricFlow's measure, LookML's `measure`). */
const measureSchema = z.object({
  column: z.string(),
  /** How the column is usually aggregated ("sum" for amounts and counts, "avg" for rates, scores and prices). */
  aggregation: z.enum(["sum", "avg", "none"]),
  unit: measureUnitSchema.nullable(),
  ...factBase,
});
export type Measure = z.infer<typeof measureSchema>;

/** How a text date is written, when not ISO (the reasoner reads it through `isoDateExpr`). */
const datePatternSchema = z.enum(["mon-d-y", "d-mon-y", "m/d/y", "d/m/y", "y/m/d"]);

export const timeGrainSchema = z.enum(["second", "minute", "hour", "day", "month", "quarter", "year"]);
export type TimeGrain = z.infer<typeof timeGrainSchema>;

/** How finely a date column is written: its grain and its storage (MetricFlow's time dimension). */
const timeDimensionSchema = z.object({
  column: z.string(),
  grain: timeGrainSchema,
  /** How the values are written: ISO text, other text (with the pattern), a year number, a date. */
  storage: z.enum(["iso-text", "text", "year-number", "date"]),
  /** For storage "text": how the date is written. */
  pattern: datePatternSchema.optional(),
  /** Dates that all fall on a month's last day (a month's figure written as a day). */
  monthEnd: z.boolean().default(false),
  ...factBase,
});
export type TimeDimension = z.infer<typeof timeDimensionSchema>;

/** A two-valued column and which of its written values means "true" (LookML's `yesno`). */
const flagSchema = z.object({
  column: z.string(),
  trueValues: z.array(z.string().max(60)).min(1).max(8),
  falseValues: z.array(z.string().max(60)).max(8),
  /** A word for the true state ("discontinued", "active"), when the name gives one. */
  meaning: z.string().max(60).optional(),
  ...factBase,
});
export type Flag = z.infer<typeof flagSchema>;

/** How a person names a row: one column, or an expression over several (first + last name). */
const labelSchema = z.object({
  columns: z.array(z.string()).min(1).max(3),
  /** Separator between the columns of a composite label (" " for first + last). */
  separator: z.string().max(4).default(" "),
  /** Words a question uses for the composite ("full name"). */
  names: z.array(z.string().max(40)).max(6).default([]),
  ...factBase,
});
export type Label = z.infer<typeof labelSchema>;

/** What kind of table it is: a thing (entity), a pairing of two things (bridge), a happening, a code list, a view. */
export const tableKindSchema = z.enum(["entity", "bridge", "event", "lookup", "view"]);
export type TableKind = z.infer<typeof tableKindSchema>;

/** A column that points at another table's row (a declared, curated or discovered join). */
const referenceSchema = z.object({ column: z.string(), to: columnRefSchema, ...factBase });
export type SemanticReference = z.infer<typeof referenceSchema>;

/** One table (or view) of the dataset, read as the entity its rows describe. */
const semanticTableSchema = z.object({
  table: z.string(),
  kind: z.object({ value: tableKindSchema, ...factBase }),
  /** Singular and plural names of what one row is ("order line" / "order lines"). */
  entity: z.object({ singular: z.string().max(80), plural: z.string().max(80), ...factBase }),
  label: labelSchema.nullable(),
  /** Columns that identify a row of this table (its key). */
  identifiers: z.array(z.string()),
  references: z.array(referenceSchema).default([]),
  /** For a bridge: the tables it pairs. */
  bridges: z.array(z.string()).default([]),
  measures: z.array(measureSchema),
  dates: z.array(timeDimensionSchema),
  flags: z.array(flagSchema),
  /**
   * For a view: the tables and views its SQL reads (`reads`) and the base tables under them
   * (`baseTables`, through views of views). A view is never joined to its base tables or to another
   * view of the same base, and is used only when the question names it.
   */
  view: z
    .object({ baseTables: z.array(z.string()), reads: z.array(z.string()).default([]), ...factBase })
    .nullable()
    .default(null),
  /** Every column's role, the one answer the reasoner reads (a user's edit changes it with its fact). */
  roles: z.record(z.string(), columnRoleSchema),
});
export type SemanticTable = z.infer<typeof semanticTableSchema>;

export const semanticModelSchema = z.object({
  version: z.literal(1),
  /** Which revision of the inference rules wrote it: a stored model from older rules is inferred again. */
  inference: z.number().int().nonnegative().optional(),
  tables: z.array(semanticTableSchema),
});
export type SemanticModel = z.infer<typeof semanticModelSchema>;

/** The semantic table of `table`, if the model has one. */
export function semanticTable(model: SemanticModel | null | undefined, table: string): SemanticTable | undefined {
  return model?.tables.find((t) => t.table === table);
}

// ---------------------------------------------------------------- a user's edits

/**
 * One correction a user makes in the schema graph, kept per dataset across re-indexing. `value: null`
 * says "this is not one" (no label, not a flag, not a date, not a measure); removing the edit gives the
 * inferred fact back.
 */
export const semanticEditSchema = z.discriminatedUnion("kind", [
  z.object({
    kind: z.literal("entity"),
    table: z.string().min(1).max(200),
    value: z.object({ singular: z.string().trim().min(1).max(80), plural: z.string().trim().min(1).max(80) }),
  }),
  z.object({
    kind: z.literal("label"),
    table: z.string().min(1).max(200),
    value: z
      .object({ columns: z.array(z.string().min(1)).min(1).max(3), separator: z.string().max(4).optional() })
      .nullable(),
  }),
  z.object({
    kind: z.literal("measure"),
    table: z.string().min(1).max(200),
    column: z.string().min(1).max(200),
    value: z
      .object({
        unit: z.string().trim().max(40).nullable(),
        scale: z.number().positive().max(1e12).optional(),
        aggregation: z.enum(["sum", "avg", "none"]).optional(),
      })
      .nullable(),
  }),
  z.object({
    kind: z.literal("flag"),
    table: z.string().min(1).max(200),
    column: z.string().min(1).max(200),
    value: z
      .object({
        trueValues: z.array(z.string().max(60)).min(1).max(8),
        falseValues: z.array(z.string().max(60)).max(8).optional(),
      })
      .nullable(),
  }),
  z.object({
    kind: z.literal("date"),
    table: z.string().min(1).max(200),
    column: z.string().min(1).max(200),
    value: z.object({ grain: timeGrainSchema, pattern: datePatternSchema.optional() }).nullable(),
  }),
]);
export type SemanticEdit = z.infer<typeof semanticEditSchema>;

/** GET/PATCH /api/datasets/:id/semantic-model: the model the reasoner reads, what was inferred and the user's edits. */
export type SemanticModelResponse = {
  generation: number | null;
  /** The inferred model with the user's edits applied; null before an index run stored one. */
  model: SemanticModel | null;
  /** The model as inferred, before the edits (what "reset" gives back). */
  inferred: SemanticModel | null;
  edits: SemanticEdit[];
  /** Edits of tables or columns the dataset no longer has (kept for when they come back). */
  ignored: SemanticEdit[];
};
