import type { SqlDialect } from "./sql/dialect";
import type { ColumnType } from "../model/dataset";
import type { LearnedExample } from "../model/program";
import type { CellHit, ColumnProfile, ColumnRef, SchemaGraph } from "../model/index-types";
import type { LlmPort } from "../reasoner/llm-port";
import type { CellValue, Reasoner } from "../trace/atoms";
import type { SchemaLinker } from "../reasoner/schema/linking/linker";
import type { GlossaryEntry } from "./glossary";
import type { SemanticModel } from "../model/semantic-model";
import type { ProgramRanker, ProgramTrainingHook } from "../reasoner/rank";

/**
 * What the retrieval methods (FGTR, SGAM, GraphOTTER's table choice) need from the outside world,
 * as plain interfaces: the server builds them from a stored dataset's persisted index and its
 * guarded SQL runner; tests build them in memory.
 */

/** One column as schema mapping sees it (FGTR §4.1's "structured schema"). */
export type RetrievalColumn = {
  /** The column's sqlName: what SQL and every event use. */
  column: string;
  /** The header as the user wrote it. */
  name: string;
  type: ColumnType;
  isPrimaryKey: boolean;
  /** The name read as words ("number of test takers"). */
  expandedName?: string;
  description?: string;
  profile?: ColumnProfile;
};

export type RetrievalTable = {
  /** Display name, unique in the dataset. */
  name: string;
  /** Quoted, schema-qualified identifier to use in FROM, e.g. `"src1"."singer"`. */
  sqlRef: string;
  rowCount: number;
  /** False for views: they have no rowid, so no row-level evidence. */
  hasRowId: boolean;
  /** A stored view (its base tables are in the semantic model). */
  isView?: boolean;
  expandedName?: string;
  description?: string;
  columns: RetrievalColumn[];
};

export type RetrievalSchema = { tables: RetrievalTable[] };

/** Where and how widely to search the cell index (FGTR's adaptive mapping). */
type CellScope = {
  columns?: readonly ColumnRef[];
  topN?: number;
  threshold?: number;
  maxHits?: number;
};

export type SqlResult = {
  columns: string[];
  rows: CellValue[][];
  /** True when the row cap cut the result. */
  truncated: boolean;
  ms: number;
};

export type SqlOptions = {
  /** Row cap for this statement. */
  maxRows?: number;
  /** Positional parameters bound to `?` placeholders (values never spliced into SQL). */
  params?: readonly CellValue[];
};

/**
 * Runs one read-only SELECT. Implementations must refuse anything else (the server's SQL guard),
 * enforce a time limit and a row cap, and throw an Error with a readable message on failure.
 */
export type SqlRunner = (sql: string, options?: SqlOptions) => Promise<SqlResult>;

export type RetrievalPorts = {
  schema: RetrievalSchema;
  graph: SchemaGraph;
  /** Cell search: top-n plus everything above the threshold, each hit with its row ids. */
  searchCells: (query: string, scope: CellScope) => Promise<CellHit[]>;
  runSql: SqlRunner;
  /** The engine's SQL dialect: statements are built once and shown and run as the engine speaks it. */
  dialect?: SqlDialect;
  /** The model for reasoner "llm"; null or absent runs every step locally with a warning. */
  llm?: LlmPort | null;
  reasoner: Reasoner;
  signal?: AbortSignal;
  /** The trained schema linker (models/schema-linker.json); absent, local mapping uses its rule scorers. */
  linker?: SchemaLinker | null;
  /**
   * The trained program ranker of the local answer step (models/program-ranker.json); without
   * it the rule planner's plan is the answer. `collect` is the trainer's hook, absent in the app.
   */
  programs?: { ranker: ProgramRanker | null; collect?: ProgramTrainingHook };
  /** Answers the user confirmed or rejected on this dataset (model/program.ts), reused on similar questions. */
  learned?: readonly LearnedExample[];
  /**
   * The dataset's semantic model (inferred at index time, the user's edits applied): column roles,
   * entities, labels, measures, dates, flags and views. Absent (tests, a dataset indexed before it
   * existed), the reasoner infers one from `schema` and `graph` (schema/semantic.ts).
   */
  semantic?: SemanticModel | null;
  /**
   * The dataset's glossary (what the user says a word means). Column entries are already in
   * `schema` (applyGlossary); value and filter entries become value hints (findValueHints).
   */
  glossary?: readonly GlossaryEntry[];
};

/** Finds a table by display name. */
export function tableOf(schema: RetrievalSchema, name: string): RetrievalTable | undefined {
  return schema.tables.find((t) => t.name === name);
}

/** Finds a column by table display name and sqlName. */
export function columnOf(schema: RetrievalSchema, ref: ColumnRef): RetrievalColumn | undefined {
  return tableOf(schema, ref.table)?.columns.find((c) => c.column === ref.column);
}
