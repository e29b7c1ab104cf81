import { sql } from "drizzle-orm";
import { index, integer, primaryKey, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { datasets, runs } from "./schema-core";

// ---------------------------------------------------------------- question sets and batches
// Questions with gold answers (a user's own benchmark) and batch runs of methods over them.

/** A named set of questions with gold answers, uploaded for one dataset. */
export const questionSets = sqliteTable("question_sets", {
  id: text("id").primaryKey(),
  datasetId: text("dataset_id")
    .notNull()
    .references(() => datasets.id, { onDelete: "cascade" }),
  name: text("name").notNull(),
  count: integer("count").notNull(),
  createdAt: text("created_at").notNull().default(sql`(strftime('%Y-%m-%dT%H:%M:%fZ','now'))`),
  updatedAt: text("updated_at").notNull().default(sql`(strftime('%Y-%m-%dT%H:%M:%fZ','now'))`),
});

/** One question of a set, in file order; `answer` is the list of gold values. */
export const questionSetItems = sqliteTable(
  "question_set_items",
  {
    setId: text("set_id")
      .notNull()
      .references(() => questionSets.id, { onDelete: "cascade" }),
    position: integer("position").notNull(),
    questionId: text("question_id").notNull(),
    question: text("question").notNull(),
    answer: text("answer", { mode: "json" }).$type<unknown[]>().notNull(),
    goldSql: text("gold_sql"),
    tags: text("tags", { mode: "json" }).$type<string[]>().notNull().default(sql`'[]'`),
  },
  (t) => [primaryKey({ columns: [t.setId, t.position] })],
);

/**
 * A batch: every question of a set (copied at start, so editing the set does not change it) ×
 * methods, with one reasoner and parameters. Status queued → running → done | cancelled | failed.
 */
export const batches = sqliteTable(
  "batches",
  {
    id: text("id").primaryKey(),
    setId: text("set_id")
      .notNull()
      .references(() => questionSets.id, { onDelete: "cascade" }),
    datasetId: text("dataset_id")
      .notNull()
      .references(() => datasets.id, { onDelete: "cascade" }),
    setName: text("set_name").notNull(),
    methods: text("methods", { mode: "json" }).$type<string[]>().notNull(),
    reasoner: text("reasoner").notNull(),
    params: text("params", { mode: "json" }).$type<Record<string, unknown>>().notNull().default(sql`'{}'`),
    questions: text("questions", { mode: "json" }).$type<BatchQuestion[]>().notNull(),
    status: text("status").notNull().default("queued"),
    total: integer("total").notNull(),
    done: integer("done").notNull().default(0),
    error: text("error"),
    createdAt: text("created_at").notNull().default(sql`(strftime('%Y-%m-%dT%H:%M:%fZ','now'))`),
    finishedAt: text("finished_at"),
  },
  (t) => [index("batches_set").on(t.setId, t.createdAt)],
);

export type BatchQuestion = {
  questionId: string;
  question: string;
  answer: unknown[];
  goldSql: string | null;
  tags: string[];
};

/** One finished (question, method) of a batch; its presence is what resuming skips. */
export const batchItems = sqliteTable(
  "batch_items",
  {
    batchId: text("batch_id")
      .notNull()
      .references(() => batches.id, { onDelete: "cascade" }),
    questionId: text("question_id").notNull(),
    method: text("method").notNull(),
    position: integer("position").notNull(),
    runId: text("run_id").references(() => runs.id, { onDelete: "set null" }),
    correct: integer("correct", { mode: "boolean" }),
    prediction: text("prediction").notNull(),
    values: text("values", { mode: "json" }).$type<unknown[]>().notNull(),
    ms: integer("ms").notNull(),
    tokensIn: integer("tokens_in").notNull().default(0),
    tokensOut: integer("tokens_out").notNull().default(0),
    /** SetScore JSON of schema / cell retrieval against the gold query, when it could be scored. */
    schema: text("schema", { mode: "json" }),
    cells: text("cells", { mode: "json" }),
    /** "table.column|rowid" gold cells (capped), outlined on the run's heatmap. */
    goldCells: text("gold_cells", { mode: "json" }).$type<string[]>(),
    error: text("error"),
  },
  (t) => [
    primaryKey({ columns: [t.batchId, t.questionId, t.method] }),
    index("batch_items_order").on(t.batchId, t.position),
  ],
);
