import { sql } from "drizzle-orm";
import { integer, primaryKey, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { datasets } from "./schema-core";

// ---------------------------------------------------------------- the semantic model
// The inferred model is written by an index run with its generation; the user's edits carry none,
// so re-indexing never touches them and they win over whatever the next run infers.

/** The semantic model (SemanticModel JSON, lib/core/model/semantic-model.ts) a generation inferred. */
export const indexSemanticModels = sqliteTable(
  "index_semantic_models",
  {
    datasetId: text("dataset_id")
      .notNull()
      .references(() => datasets.id, { onDelete: "cascade" }),
    generation: integer("generation").notNull(),
    model: text("model", { mode: "json" }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.datasetId, t.generation] })],
);

/**
 * A user's correction of the semantic model (SemanticEdit JSON), one per table, column ("" for the
 * table) and kind ("entity", "label", "measure", "flag", "date").
 */
export const semanticEdits = sqliteTable(
  "semantic_edits",
  {
    datasetId: text("dataset_id")
      .notNull()
      .references(() => datasets.id, { onDelete: "cascade" }),
    kind: text("kind").notNull(),
    tableName: text("table_name").notNull(),
    columnName: text("column_name").notNull(),
    edit: text("edit", { mode: "json" }).notNull(),
    updatedAt: text("updated_at").notNull().default(sql`(strftime('%Y-%m-%dT%H:%M:%fZ','now'))`),
  },
  (t) => [primaryKey({ columns: [t.datasetId, t.kind, t.tableName, t.columnName] })],
);
