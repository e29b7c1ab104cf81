import { sql } from "drizzle-orm";
import type { PostgresTarget } from "@/lib/core/model/postgres-target";
import { integer, primaryKey, sqliteTable, text, index } from "drizzle-orm/sqlite-core";

/** One uploaded dataset; its rows live in DATA_DIR/datasets/<id>/. */
export const datasets = sqliteTable("datasets", {
  id: text("id").primaryKey(),
  name: text("name").notNull(),
  createdAt: text("created_at").notNull().default(sql`(strftime('%Y-%m-%dT%H:%M:%fZ','now'))`),
  sizeBytes: integer("size_bytes").notNull().default(0),
  tableCount: integer("table_count").notNull().default(0),
  rowCount: integer("row_count").notNull().default(0),
  /** JSON: {main: string, attachments: [{alias, file}]} relative to the dataset directory. */
  storage: text("storage", { mode: "json" }).$type<DatasetStorage>().notNull(),
  notes: text("notes", { mode: "json" }).$type<string[]>().notNull().default(sql`'[]'`),
});

export type DatasetStorage = {
  main: string;
  attachments: Array<{ alias: string; file: string }>;
  /** A connected PostgreSQL dataset: where its data lives (no rows are copied; `main` is empty). */
  postgres?: PostgresTarget;
};

export const datasetTables = sqliteTable(
  "dataset_tables",
  {
    datasetId: text("dataset_id")
      .notNull()
      .references(() => datasets.id, { onDelete: "cascade" }),
    position: integer("position").notNull(),
    name: text("name").notNull(),
    sqlName: text("sql_name").notNull(),
    schemaName: text("schema_name").notNull(),
    source: text("source").notNull(),
    sourceFile: text("source_file").notNull(),
    isView: integer("is_view", { mode: "boolean" }).notNull().default(false),
    rowCount: integer("row_count").notNull(),
    /** The count stopped at its budget (a view that never ends): row_count is a lower bound. */
    rowCountCut: integer("row_count_cut", { mode: "boolean" }).notNull().default(false),
    foreignKeys: text("foreign_keys", { mode: "json" }).notNull().default(sql`'[]'`),
    layout: text("layout", { mode: "json" }),
    notes: text("notes", { mode: "json" }).$type<string[]>().notNull().default(sql`'[]'`),
    /** How a CSV/TSV table was read (delimiter, quote, escape, header rows); null for other sources. */
    dialect: text("dialect", { mode: "json" }),
    /**
     * The kept copy of the uploaded file this table was read from (`source-N-name` in the dataset's
     * directory): its identity, so a re-import reads this table's file even when two uploaded files
     * share a name. Null for databases and for datasets imported before files had an identity.
     */
    sourceKey: text("source_key"),
  },
  (t) => [primaryKey({ columns: [t.datasetId, t.position] })],
);

export const datasetColumns = sqliteTable(
  "dataset_columns",
  {
    datasetId: text("dataset_id")
      .notNull()
      .references(() => datasets.id, { onDelete: "cascade" }),
    tablePosition: integer("table_position").notNull(),
    position: integer("position").notNull(),
    name: text("name").notNull(),
    sqlName: text("sql_name").notNull(),
    type: text("type").notNull(),
    isPrimaryKey: integer("is_primary_key", { mode: "boolean" }).notNull().default(false),
    nullable: integer("nullable", { mode: "boolean" }).notNull().default(true),
    /** Imported files: how the column's numbers were written (ColumnMeta.written); null when as stored. */
    written: text("written", { mode: "json" }),
    /** Imported files: the import report's line for the column (ColumnMeta.typing). */
    typing: text("typing", { mode: "json" }),
  },
  (t) => [
    primaryKey({ columns: [t.datasetId, t.tablePosition, t.position] }),
    index("dataset_columns_dataset").on(t.datasetId),
  ],
);

/** Small key/value facts about this installation (e.g. whether the sample was seeded). */
export const appSettings = sqliteTable("app_settings", {
  key: text("key").primaryKey(),
  value: text("value").notNull(),
});

/** One question asked of a dataset: which method and reasoner, its status and final answer. */
export const runs = sqliteTable(
  "runs",
  {
    id: text("id").primaryKey(),
    datasetId: text("dataset_id")
      .notNull()
      .references(() => datasets.id, { onDelete: "cascade" }),
    question: text("question").notNull(),
    method: text("method").notNull(),
    reasoner: text("reasoner").notNull(),
    params: text("params", { mode: "json" }).$type<Record<string, unknown>>().notNull().default(sql`'{}'`),
    /** "running" until finishRun, then "done" or "failed". */
    status: text("status").notNull().default("running"),
    /** JSON of the Answer (lib/core/trace), null until a run succeeds. */
    answer: text("answer", { mode: "json" }),
    /** The error message of a failed run. */
    error: text("error"),
    createdAt: text("created_at").notNull().default(sql`(strftime('%Y-%m-%dT%H:%M:%fZ','now'))`),
    ms: integer("ms"),
    /** The run this one re-ran with constraints (null for a fresh question). */
    parentRunId: text("parent_run_id"),
    /** JSON of the RunConstraints the re-run honoured (lib/core/retrieval/constraints). */
    constraints: text("constraints", { mode: "json" }).$type<Record<string, unknown>>(),
    /** The user's 👍 ("up") or 👎 ("down") on the answer, null when none (POST /api/runs/:id/feedback). */
    feedback: text("feedback"),
  },
  (t) => [index("runs_dataset_created").on(t.datasetId, t.createdAt), index("runs_parent").on(t.parentRunId)],
);

/** One question put to 2–4 methods at once; each method's run is an ordinary run. */
export const compares = sqliteTable(
  "compares",
  {
    id: text("id").primaryKey(),
    datasetId: text("dataset_id")
      .notNull()
      .references(() => datasets.id, { onDelete: "cascade" }),
    question: text("question").notNull(),
    reasoner: text("reasoner").notNull(),
    /** JSON: [{method, runId}] in the order the user chose. */
    runs: text("runs", { mode: "json" }).$type<Array<{ method: string; runId: string }>>().notNull(),
    createdAt: text("created_at").notNull().default(sql`(strftime('%Y-%m-%dT%H:%M:%fZ','now'))`),
  },
  (t) => [index("compares_dataset_created").on(t.datasetId, t.createdAt)],
);

/** The trace of a run: every TraceEvent in seq order, as emitted and streamed. */
export const runEvents = sqliteTable(
  "run_events",
  {
    runId: text("run_id")
      .notNull()
      .references(() => runs.id, { onDelete: "cascade" }),
    seq: integer("seq").notNull(),
    event: text("event", { mode: "json" }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.runId, t.seq] })],
);
