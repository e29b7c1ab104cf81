import type { ConnectionInfo } from "./postgres-target";
import { z } from "zod";

/**
 * Column types the importer infers; `text` is the fallback. `binary` is a column of bytes (a SQLite
 * BLOB, a PostgreSQL bytea): shown as its size with a download, never read as text.
 */
export const columnTypeSchema = z.enum(["integer", "real", "date", "boolean", "text", "binary"]);
export type ColumnType = z.infer<typeof columnTypeSchema>;

/** A merged range of a sheet, zero-based and inclusive, in grid coordinates (header rows included). */
const mergeRangeSchema = z.object({
  top: z.number().int().nonnegative(),
  left: z.number().int().nonnegative(),
  bottom: z.number().int().nonnegative(),
  right: z.number().int().nonnegative(),
});
export type MergeRange = z.infer<typeof mergeRangeSchema>;

/**
 * How a numeric column of an imported file printed its numbers, so the grid, exports and answers
 * show what the file wrote while SQL computes on the numbers: every number with `decimals` places
 * and/or commas between thousands; `kept` cells whose text no form gives (`+3`, ` 42`, `NA`, a cell
 * of only spaces) keep it in the rows file's `_written_text` table (lib/server/written/).
 */
export const writtenColumnSchema = z.object({
  decimals: z.number().int().min(1).max(100).optional(),
  grouping: z.boolean().optional(),
  kept: z.number().int().nonnegative().default(0),
});

/** What the importer typed a column and why, for the import report; `flag` marks a column to check. */
export const columnTypingSchema = z.object({
  reason: z.string(),
  flag: z.enum(["mixed", "ambiguous-grouping"]).optional(),
});
export type ColumnTypingNote = z.infer<typeof columnTypingSchema>;

const columnMetaSchema = z.object({
  name: z.string(), // header as the user wrote it (after dedup/renaming)
  sqlName: z.string(), // safe identifier used in SQL
  type: columnTypeSchema,
  position: z.number().int().nonnegative(),
  isPrimaryKey: z.boolean().default(false),
  nullable: z.boolean().default(true),
  /** Imported files only: how the column's values were written (absent when they print back as stored). */
  written: writtenColumnSchema.optional(),
  /** Imported files only: the import report's line for the column. */
  typing: columnTypingSchema.optional(),
});
export type ColumnMeta = z.infer<typeof columnMetaSchema>;

export const foreignKeySchema = z.object({
  columns: z.array(z.string()), // sqlNames in this table
  refTable: z.string(), // display name of the referenced table
  refColumns: z.array(z.string()),
});
export type ForeignKey = z.infer<typeof foreignKeySchema>;

/**
 * Layout of a spreadsheet-like table: the header grid above the data rows and the merged ranges.
 * Data row r of the table is grid row headerRows.length + r.
 */
export const sheetLayoutSchema = z.object({
  sheet: z.string(),
  headerRows: z.array(z.array(z.string().nullable())),
  merges: z.array(mergeRangeSchema),
  gridRows: z.number().int().nonnegative(),
  gridColumns: z.number().int().nonnegative(),
});
export type SheetLayout = z.infer<typeof sheetLayoutSchema>;

export const tableSourceSchema = z.enum(["csv", "tsv", "xlsx", "sqlite", "postgres"]);

/** How a CSV/TSV table was read (detected on a sample, or chosen by the user); see lib/core/ingest/dialect.ts. */
export const csvDialectSchema = z.object({
  delimiter: z.enum([",", ";", "\t", "|"]),
  quote: z.enum(['"', "'"]),
  escape: z.enum(["double", "backslash"]),
  headerRows: z.number().int().min(0).max(6),
});

const tableMetaSchema = z.object({
  name: z.string(), // display name, unique in the dataset
  sqlName: z.string(), // table name inside its storage file
  schemaName: z.string(), // "main" or the attach alias of a copied SQLite file
  source: tableSourceSchema,
  sourceFile: z.string(),
  isView: z.boolean().default(false),
  rowCount: z.number().int().nonnegative(),
  /** The count stopped at its time or row budget (a view that never ends): rowCount is a lower bound. */
  rowCountCut: z.boolean().optional(),
  columns: z.array(columnMetaSchema),
  foreignKeys: z.array(foreignKeySchema).default([]),
  layout: sheetLayoutSchema.nullable().default(null),
  notes: z.array(z.string()).default([]), // what the importer changed (renamed headers, padded rows…)
  dialect: csvDialectSchema.optional(), // CSV/TSV only
  /** CSV/TSV/XLSX: the kept copy of the uploaded file this table was read from, by its identity. */
  sourceKey: z.string().optional(),
});
export type TableMeta = z.infer<typeof tableMetaSchema>;

const datasetSummarySchema = z.object({
  id: z.string(),
  name: z.string(),
  createdAt: z.string(),
  sizeBytes: z.number().int().nonnegative(),
  tableCount: z.number().int().nonnegative(),
  rowCount: z.number().int().nonnegative(),
});
export type DatasetSummary = z.infer<typeof datasetSummarySchema>;

export type DatasetDetail = DatasetSummary & {
  tables: TableMeta[];
  notes: string[];
  /** Set for a connected database (its rows stay there). */
  connection?: ConnectionInfo | null;
};
