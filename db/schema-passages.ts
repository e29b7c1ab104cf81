import { sql } from "drizzle-orm";
import { integer, primaryKey, real, sqliteTable, text, index } from "drizzle-orm/sqlite-core";
import { datasets } from "./schema-core";

// ---------------------------------------------------------------- passages (HELIOS §3)
// Text passages next to a dataset's tables, and the entity-linking edges from table rows to them
// (the bipartite data graph G_d). Links are recomputed whenever the passages change.

/** One passage of a dataset; `id` is per dataset, its node id in G_d is "p:<id>". */
export const datasetPassages = sqliteTable(
  "dataset_passages",
  {
    datasetId: text("dataset_id")
      .notNull()
      .references(() => datasets.id, { onDelete: "cascade" }),
    id: integer("id").notNull(),
    title: text("title").notNull(),
    text: text("text").notNull(),
    url: text("url"),
    aliases: text("aliases", { mode: "json" }).$type<string[]>().notNull().default(sql`'[]'`),
    /** The file (or "table.column") it came from. */
    source: text("source").notNull(),
    createdAt: text("created_at").notNull().default(sql`(strftime('%Y-%m-%dT%H:%M:%fZ','now'))`),
  },
  (t) => [primaryKey({ columns: [t.datasetId, t.id] }), index("dataset_passages_title").on(t.datasetId, t.title)],
);

/** An edge of G_d: a table row (display name + rowid) linked to a passage, how, and how surely. */
export const passageLinks = sqliteTable(
  "passage_links",
  {
    datasetId: text("dataset_id")
      .notNull()
      .references(() => datasets.id, { onDelete: "cascade" }),
    tableName: text("table_name").notNull(),
    rowId: integer("row_id").notNull(),
    passageId: integer("passage_id").notNull(),
    columnName: text("column_name"),
    kind: text("kind").notNull(),
    score: real("score").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.datasetId, t.tableName, t.rowId, t.passageId] }),
    index("passage_links_passage").on(t.datasetId, t.passageId),
  ],
);
