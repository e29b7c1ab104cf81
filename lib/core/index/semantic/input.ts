import type { ColumnType } from "../../model/dataset";
import type { ColumnProfile, SchemaGraph } from "../../model/index-types";

/**
 * What the semantic model is inferred from: the tables with their columns, profiles and a few
 * distinct values, the schema graph (keys, declared and discovered joins) and each view's SQL. The
 * index run builds it from its stages' outputs; a reasoner without a stored model builds it from its
 * retrieval schema (no view SQL, no sampled values: it infers less and says so in the evidence).
 */
export type SemanticInput = {
  tables: readonly SemanticInputTable[];
  graph: SchemaGraph;
};

export type SemanticInputTable = {
  /** Display name (TableMeta.name). */
  name: string;
  /** The name SQL uses for it (TableMeta.sqlName), when it differs. */
  sqlName?: string;
  isView: boolean;
  rowCount: number;
  /** The view's `CREATE VIEW …` (or its SELECT) when known. */
  viewSql?: string | null;
  /** The table's expanded name ("order line"), when descriptions gave one. */
  expandedName?: string;
  columns: readonly SemanticInputColumn[];
};

export type SemanticInputColumn = {
  /** sqlName. */
  column: string;
  /** The header as written. */
  name: string;
  type: ColumnType;
  isPrimaryKey: boolean;
  /** Expanded name ("duration in minutes"), when descriptions gave one. */
  expandedName?: string;
  profile?: ColumnProfile | null;
  /** Some distinct values as written (lowercased by the join sketch when that is where they came from). */
  values?: readonly string[];
};

/** A column of a table, with its table, as the inference steps read it. */
export type ColumnView = SemanticInputColumn & {
  table: string;
  /** Lowercased words of the column's name ("duration", "min"). */
  words: string[];
  /** Non-empty values as written: top values, shortest and longest, sampled values. */
  examples: string[];
};
