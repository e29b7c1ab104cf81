import { sql } from "drizzle-orm";
import { integer, primaryKey, real, sqliteTable, text, index } from "drizzle-orm/sqlite-core";
import { datasets } from "./schema-core";

// ---------------------------------------------------------------- offline index (FGTR §4.1, SGAM §3.2)
// Everything an indexing run writes is tagged with its generation; a dataset serves the generation in
// dataset_indexes.current_generation, which is switched only when a run completes. User edits
// (description_edits, schema_edges) carry no generation: re-indexing never touches them.

/** Which index generation a dataset serves; null until its first run completes. */
export const datasetIndexes = sqliteTable("dataset_indexes", {
  datasetId: text("dataset_id")
    .primaryKey()
    .references(() => datasets.id, { onDelete: "cascade" }),
  currentGeneration: integer("current_generation"),
  switchedAt: text("switched_at"),
});

/** One indexing run: its generation, status ("running" | "ready" | "failed") and per-stage progress. */
export const indexRuns = sqliteTable(
  "index_runs",
  {
    datasetId: text("dataset_id")
      .notNull()
      .references(() => datasets.id, { onDelete: "cascade" }),
    generation: integer("generation").notNull(),
    status: text("status").notNull().default("running"),
    /** JSON: [{name, status, done, total, ms, notes}] in stage order. */
    stages: text("stages", { mode: "json" }).$type<unknown[]>().notNull().default(sql`'[]'`),
    error: text("error"),
    encoder: text("encoder").notNull(),
    startedAt: text("started_at").notNull().default(sql`(strftime('%Y-%m-%dT%H:%M:%fZ','now'))`),
    finishedAt: text("finished_at"),
  },
  (t) => [primaryKey({ columns: [t.datasetId, t.generation] })],
);

/**
 * A column's profile (ColumnProfile JSON) in one generation; `table_name` is the display name, `column_name` the
 * sqlName.
 */
export const indexColumnProfiles = sqliteTable(
  "index_column_profiles",
  {
    datasetId: text("dataset_id")
      .notNull()
      .references(() => datasets.id, { onDelete: "cascade" }),
    generation: integer("generation").notNull(),
    tableName: text("table_name").notNull(),
    columnName: text("column_name").notNull(),
    profile: text("profile", { mode: "json" }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.datasetId, t.generation, t.tableName, t.columnName] })],
);

/**
 * A generated description; `column_name` is "" for the table's own. `writer` names who wrote it ("local", later "llm").
 */
export const indexDescriptions = sqliteTable(
  "index_descriptions",
  {
    datasetId: text("dataset_id")
      .notNull()
      .references(() => datasets.id, { onDelete: "cascade" }),
    generation: integer("generation").notNull(),
    tableName: text("table_name").notNull(),
    columnName: text("column_name").notNull(),
    expandedName: text("expanded_name").notNull(),
    text: text("text").notNull(),
    writer: text("writer").notNull(),
  },
  (t) => [primaryKey({ columns: [t.datasetId, t.generation, t.tableName, t.columnName] })],
);

/** A description edited by a user ("" column = the table's); it wins over every generated one. */
export const descriptionEdits = sqliteTable(
  "description_edits",
  {
    datasetId: text("dataset_id")
      .notNull()
      .references(() => datasets.id, { onDelete: "cascade" }),
    tableName: text("table_name").notNull(),
    columnName: text("column_name").notNull(),
    text: text("text").notNull(),
    updatedAt: text("updated_at").notNull().default(sql`(strftime('%Y-%m-%dT%H:%M:%fZ','now'))`),
  },
  (t) => [primaryKey({ columns: [t.datasetId, t.tableName, t.columnName] })],
);

/** Join candidates of one generation in rank order (JoinCandidate fields, FGTR eq. 3). */
export const indexJoinCandidates = sqliteTable(
  "index_join_candidates",
  {
    datasetId: text("dataset_id")
      .notNull()
      .references(() => datasets.id, { onDelete: "cascade" }),
    generation: integer("generation").notNull(),
    rank: integer("rank").notNull(),
    fromTable: text("from_table").notNull(),
    fromColumn: text("from_column").notNull(),
    toTable: text("to_table").notNull(),
    toColumn: text("to_column").notNull(),
    omega: real("omega").notNull(),
    semantic: real("semantic").notNull(),
    jaccard: real("jaccard").notNull(),
    containment: real("containment").notNull(),
    jaccardEstimated: integer("jaccard_estimated", { mode: "boolean" }).notNull(),
    rule: text("rule").notNull(),
    uniquenessFrom: real("uniqueness_from").notNull(),
    uniquenessTo: real("uniqueness_to").notNull(),
  },
  (t) => [primaryKey({ columns: [t.datasetId, t.generation, t.rank] })],
);

/**
 * Schema-graph edges kept by users: `status` "curated" (added by hand), "accepted" (a discovered edge
 * confirmed) or "rejected" (a discovered edge hidden). Endpoints are schema node ids.
 */
export const schemaEdges = sqliteTable(
  "schema_edges",
  {
    id: text("id").primaryKey(),
    datasetId: text("dataset_id")
      .notNull()
      .references(() => datasets.id, { onDelete: "cascade" }),
    kind: text("kind").notNull(),
    label: text("label").notNull().default(""),
    source: text("source").notNull(),
    target: text("target").notNull(),
    weight: real("weight").notNull().default(1),
    status: text("status").notNull().default("curated"),
    origin: text("origin").notNull().default("curated"),
    createdAt: text("created_at").notNull().default(sql`(strftime('%Y-%m-%dT%H:%M:%fZ','now'))`),
    updatedAt: text("updated_at").notNull().default(sql`(strftime('%Y-%m-%dT%H:%M:%fZ','now'))`),
  },
  (t) => [index("schema_edges_dataset").on(t.datasetId)],
);

/** Every change to a schema edge: action ("create" | "update" | "delete"), the edge before and after, when. */
export const schemaEdgeHistory = sqliteTable(
  "schema_edge_history",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    datasetId: text("dataset_id")
      .notNull()
      .references(() => datasets.id, { onDelete: "cascade" }),
    edgeId: text("edge_id").notNull(),
    action: text("action").notNull(),
    /** "undo" or "redo" when the change undid or redid an earlier one; null for a change by hand. */
    via: text("via"),
    before: text("before", { mode: "json" }),
    after: text("after", { mode: "json" }),
    at: text("at").notNull().default(sql`(strftime('%Y-%m-%dT%H:%M:%fZ','now'))`),
  },
  (t) => [index("schema_edge_history_dataset").on(t.datasetId, t.at)],
);

/**
 * A dataset's glossary: what a word or phrase of the questions means. `target` "column" points the
 * phrase at a column (`column` is its node id "table.column"); "value" says the phrase names a value
 * of a column (`value`); "filter" says it stands for a condition `column operator value`
 * ("US" → Country = 'USA'). Edited by hand; exported and imported with the schema graph.
 */
export const glossaryEntries = sqliteTable(
  "glossary_entries",
  {
    id: text("id").primaryKey(),
    datasetId: text("dataset_id")
      .notNull()
      .references(() => datasets.id, { onDelete: "cascade" }),
    phrase: text("phrase").notNull(),
    target: text("target").notNull(),
    column: text("column").notNull(),
    operator: text("operator"),
    value: text("value"),
    note: text("note").notNull().default(""),
    createdAt: text("created_at").notNull().default(sql`(strftime('%Y-%m-%dT%H:%M:%fZ','now'))`),
    updatedAt: text("updated_at").notNull().default(sql`(strftime('%Y-%m-%dT%H:%M:%fZ','now'))`),
  },
  (t) => [index("glossary_entries_dataset").on(t.datasetId)],
);
