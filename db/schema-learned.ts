import { sql } from "drizzle-orm";
import { index, sqliteTable, text } from "drizzle-orm/sqlite-core";
import type { ProgramJson } from "@/lib/core/model/program";
import { datasets } from "./schema-core";

// ---------------------------------------------------------------- learning from the user
// Answers a user confirmed (👍, an alternative picked, a question set's right answer) or rejected
// (👎), kept per dataset as (question, program) so the reasoner can reuse or avoid them.

/** One learned example; deleting its dataset deletes it (foreign key). */
export const learnedExamples = sqliteTable(
  "learned_examples",
  {
    id: text("id").primaryKey(),
    datasetId: text("dataset_id")
      .notNull()
      .references(() => datasets.id, { onDelete: "cascade" }),
    question: text("question").notNull(),
    /** The program in words, as the answer showed it ("I read this as: …"). */
    reading: text("reading").notNull(),
    /** ProgramJson (lib/core/model/program.ts), naming columns by "table.column" key. */
    program: text("program", { mode: "json" }).$type<ProgramJson>().notNull(),
    /** "confirmed" | "rejected". */
    verdict: text("verdict").notNull(),
    /** "thumbs-up" | "thumbs-down" | "picked" | "question-set gold". */
    source: text("source").notNull(),
    /**
     * The run whose answer this is. Not a foreign key: a picked alternative is stored before its run
     * exists, and what was learned outlives the run it came from.
     */
    runId: text("run_id"),
    createdAt: text("created_at").notNull().default(sql`(strftime('%Y-%m-%dT%H:%M:%fZ','now'))`),
  },
  (t) => [
    index("learned_examples_dataset_created").on(t.datasetId, t.createdAt),
    index("learned_examples_run").on(t.runId),
  ],
);
