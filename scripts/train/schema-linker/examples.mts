// (question, column) examples for the schema linker: features from lib/core/reasoner/schema/linking,
// label = the column appears in the question's gold SQL (parsed like the eval's gold, lib/core/eval/gold-sql.ts).
import { readFileSync } from "node:fs";
import path from "node:path";
import { linkFeatures, type LinkColumn, type LinkHint } from "../../../lib/core/reasoner/schema/linking/features.ts";
import type { WordPredicate } from "../../../lib/core/text/lexicon.ts";
import { sqlJoinPairs } from "../../eval/gold-joins.mts";
import { analyzeGoldSql } from "../../../lib/core/eval/gold-sql.ts";
import { readLinkDb, valueHints } from "./sqlite-schema.mts";

/** One question's examples: a feature row and a label per column. */
export type QuestionExamples = { db: string; question: string; x: number[][]; y: number[] };

export type GoldQuestion = { db: string; question: string; sql: string };

/** Examples of one question over a schema, or null when its gold SQL cannot be read. */
export function questionExamples(
  q: GoldQuestion,
  columns: LinkColumn[],
  hints: LinkHint[],
  goldSchema: Map<string, string[]>,
): QuestionExamples | null {
  let gold: Set<string>;
  try {
    gold = analyzeGoldSql(q.sql, goldSchema).columns;
  } catch {
    return null;
  }
  if (!gold.size) return null;
  // Join keys are schema filling's to add (shortest join paths): the linker neither learns to
  // pick them nor to avoid them, so columns of the gold's join conditions are left out.
  const joins = new Set<string>();
  const schemaColumns = new Map([...goldSchema].map(([t, cs]) => [t, new Set(cs)]));
  for (const pair of sqlJoinPairs(q.sql, schemaColumns) ?? []) for (const c of pair.split("|")) joins.add(c);
  const keyOf = (c: LinkColumn) => `${c.table.toLowerCase()}.${c.column.toLowerCase()}`;
  const all = linkFeatures(q.question, columns, hints);
  const kept = columns.map((c, i) => ({ c, i })).filter(({ c }) => !joins.has(keyOf(c)));
  const y = kept.map(({ c }) => (gold.has(keyOf(c)) ? 1 : 0));
  if (!y.some(Boolean)) return null;
  return { db: q.db, question: q.question, x: kept.map(({ i }) => all[i]), y };
}

/** Examples of questions over SQLite databases at `<dir>/<db>/<db>.sqlite`, database by database. */
export function sqliteExamples(
  dir: string,
  questions: GoldQuestion[],
  isWord: WordPredicate,
  log: (m: string) => void,
): QuestionExamples[] {
  const out: QuestionExamples[] = [];
  const dbs = [...new Set(questions.map((q) => q.db))].sort();
  dbs.forEach((db, i) => {
    const linkDb = readLinkDb(path.join(dir, db, `${db}.sqlite`), isWord);
    for (const q of questions.filter((x) => x.db === db)) {
      const ex = questionExamples(q, linkDb.columns, valueHints(q.question, linkDb), linkDb.goldSchema);
      if (ex) out.push(ex);
    }
    if ((i + 1) % 20 === 0) log(`${i + 1}/${dbs.length} databases read`);
  });
  return out;
}

/** spider_train's questions (train.jsonl). */
export function spiderTrainQuestions(datasets: string): GoldQuestion[] {
  const file = path.join(datasets, "spider_train", "train.jsonl");
  return readFileSync(file, "utf8")
    .split("\n")
    .filter(Boolean)
    .map((l) => {
      const r = JSON.parse(l) as { db_id: string; question: string; query: string };
      return { db: r.db_id, question: r.question, sql: r.query };
    });
}

/** Spider dev questions of the given (tune) databases. */
export function spiderDevQuestions(datasets: string, dbs: readonly string[]): GoldQuestion[] {
  const items = JSON.parse(readFileSync(path.join(datasets, "spider", "dev_subset_19db.json"), "utf8")) as Array<{
    db_id: string;
    question: string;
    query: string;
  }>;
  return items.filter((x) => dbs.includes(x.db_id)).map((x) => ({ db: x.db_id, question: x.question, sql: x.query }));
}

/**
 * The realworld suite's TUNE half as linker examples (never its report half): analysts' wording
 * over schemas unlike Spider's, each question against its dataset's reference SQLite (the tables
 * and headers the app shows, with the gold SQL's own names).
 */
export async function realworldTuneExamples(
  isWord: WordPredicate,
  log: (m: string) => void,
): Promise<QuestionExamples[]> {
  const { builtQuestionsFile, ensureRealworldBuilt, realworldCache } = await import("../../eval/realworld/build.mts");
  const root = realworldCache();
  await ensureRealworldBuilt(root);
  const items = readFileSync(builtQuestionsFile(root, "tune"), "utf8")
    .split("\n")
    .filter(Boolean)
    .map((l) => JSON.parse(l) as { dataset: string; question: string; gold_sql?: string; out_of_scope?: boolean })
    .filter((q) => q.gold_sql && !q.out_of_scope);
  const out: QuestionExamples[] = [];
  for (const dataset of [...new Set(items.map((q) => q.dataset))].sort()) {
    const linkDb = readLinkDb(path.join(root, "reference", `${dataset}.sqlite`), isWord);
    for (const q of items.filter((x) => x.dataset === dataset)) {
      const ex = questionExamples(
        { db: `realworld:${dataset}`, question: q.question, sql: q.gold_sql! },
        linkDb.columns,
        valueHints(q.question, linkDb),
        linkDb.goldSchema,
      );
      if (ex) out.push(ex);
    }
  }
  log(`realworld tune: ${out.length} questions`);
  return out;
}
