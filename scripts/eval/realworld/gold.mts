// The suite's questions as written (questions.<split>.jsonl, paraphrases.jsonl) checked and given
// their gold answers: each gold SQL runs on its dataset's reference SQLite, and its rows become the
// answer. Nothing here types an answer by hand.
import { readFileSync } from "node:fs";
import Database from "libsql";
import type { BuiltDataset } from "./datasets/index.mts";

/** The tag vocabulary (README): every question carries one or more of these. */
export const TAGS = [
  "lookup",
  "filter-multi",
  "units",
  "dates",
  "text-match",
  "null-empty",
  "count",
  "count-distinct",
  "sum",
  "avg",
  "min-max",
  "group-superlative",
  "ties",
  "top-k",
  "join-2",
  "join-3",
  "join-4",
  "fan-out",
  "which-name",
  "compare-aggregates",
  "out-of-scope",
  "time-expr",
  "date-part",
  "having-count",
  "range",
  "absence",
  "flag",
  "bridge",
  "view",
  "full-name",
  "asked-date",
] as const;
export type Tag = (typeof TAGS)[number];

/**
 * tune and report: the two halves (by dataset); fresh: the round's first-contact datasets, measured
 * once before any tuning and then moved to tune (README, "The fresh split").
 */
export const SPLITS = ["tune", "report", "fresh"] as const;
export type Split = (typeof SPLITS)[number];

/** A question as written in questions.<split>.jsonl. */
export type WrittenQuestion = {
  id: string;
  dataset: string;
  question: string;
  gold_sql?: string;
  tags: Tag[];
  out_of_scope?: boolean;
};

/** A question as the suite runs it: the external-question format plus tags and the split. */
export type BuiltQuestion = {
  id: string;
  question: string;
  dataset: string;
  split: Split;
  db?: string;
  files?: string[];
  answer?: Array<string | number>;
  gold_sql?: string;
  tags: Tag[];
  out_of_scope?: boolean;
  seed_id?: string;
};

/** At most this many rows in a gold answer (a longer list is not a question an analyst reads). */
export const MAX_GOLD_ROWS = 20;

export function readJsonl<T>(file: string): T[] {
  return readFileSync(file, "utf8")
    .split(/\r?\n/)
    .map((l, i) => [l, i] as const)
    .filter(([l]) => l.trim())
    .map(([l, i]) => {
      try {
        return JSON.parse(l) as T;
      } catch (err) {
        throw new Error(`${file}:${i + 1}: ${(err as Error).message}`);
      }
    });
}

/** Problems of one written question's fields (empty when it is well formed). */
export function fieldProblems(q: WrittenQuestion, datasets: ReadonlySet<string>): string[] {
  const out: string[] = [];
  if (!q.id || !q.question?.trim()) out.push("needs id and question");
  if (!datasets.has(q.dataset)) out.push(`unknown dataset "${q.dataset}"`);
  if (!Array.isArray(q.tags) || !q.tags.length) out.push("needs tags");
  for (const t of q.tags ?? []) if (!(TAGS as readonly string[]).includes(t)) out.push(`unknown tag "${t}"`);
  const oos = q.out_of_scope === true;
  if (oos !== (q.tags ?? []).includes("out-of-scope")) out.push("out_of_scope and the out-of-scope tag disagree");
  if (oos && q.gold_sql) out.push("an out-of-scope question has no gold SQL");
  if (!oos && !q.gold_sql) out.push("needs gold_sql");
  return out;
}

/**
 * The gold answer of `sql` on the reference database: its first and only column, one value per row.
 * Throws when the SQL fails, returns several columns, no rows, more than MAX_GOLD_ROWS, or a NULL.
 */
export function goldAnswer(db: InstanceType<typeof Database>, sql: string): Array<string | number> {
  const stmt = db.prepare(sql);
  const columns = (stmt.columns() as Array<{ name: string }>).map((c) => c.name);
  if (columns.length !== 1) throw new Error(`gold SQL returns ${columns.length} columns (${columns.join(", ")})`);
  const rows = stmt.raw(true).all() as unknown[][];
  if (!rows.length) throw new Error("gold SQL returns no rows");
  if (rows.length > MAX_GOLD_ROWS) throw new Error(`gold SQL returns ${rows.length} rows (at most ${MAX_GOLD_ROWS})`);
  return rows.map(([v]) => {
    if (v === null || v === undefined) throw new Error("gold SQL returns NULL");
    if (typeof v === "bigint") return Number(v);
    if (typeof v === "number" || typeof v === "string") return v;
    throw new Error(`gold SQL returns a ${typeof v} value`);
  });
}

/** Built questions of one split: fields checked, gold answers computed on each dataset's reference. */
export function buildQuestions(
  written: readonly WrittenQuestion[],
  split: Split,
  datasets: ReadonlyMap<string, BuiltDataset>,
): { questions: BuiltQuestion[]; problems: string[] } {
  const problems: string[] = [];
  const questions: BuiltQuestion[] = [];
  const open = new Map<string, InstanceType<typeof Database>>();
  const names = new Set(datasets.keys());
  try {
    for (const q of written) {
      const fields = fieldProblems(q, names);
      if (fields.length) {
        problems.push(...fields.map((p) => `${q.id}: ${p}`));
        continue;
      }
      const ds = datasets.get(q.dataset)!;
      const built: BuiltQuestion = {
        id: q.id,
        question: q.question,
        dataset: q.dataset,
        split,
        ...(ds.kind === "sqlite" ? { db: ds.db } : { files: ds.files }),
        tags: q.tags,
      };
      if (q.out_of_scope) built.out_of_scope = true;
      else {
        if (!open.has(ds.name)) open.set(ds.name, new Database(ds.reference, { readonly: true, fileMustExist: true }));
        try {
          built.answer = goldAnswer(open.get(ds.name)!, q.gold_sql!);
          built.gold_sql = q.gold_sql;
        } catch (err) {
          problems.push(`${q.id}: ${(err as Error).message}`);
          continue;
        }
      }
      questions.push(built);
    }
  } finally {
    for (const db of open.values()) db.close();
  }
  return { questions, problems };
}

/** Problems across splits: duplicate ids, and a dataset asked about in two splits. */
export function splitProblems(bySplit: Partial<Record<Split, readonly WrittenQuestion[]>>): string[] {
  const problems: string[] = [];
  const seen = new Set<string>();
  for (const split of SPLITS)
    for (const q of bySplit[split] ?? []) {
      if (seen.has(q.id)) problems.push(`${q.id}: duplicate id`);
      seen.add(q.id);
    }
  const home = new Map<string, Split>();
  for (const split of SPLITS)
    for (const d of new Set((bySplit[split] ?? []).map((q) => q.dataset))) {
      const first = home.get(d);
      if (first) problems.push(`dataset ${d} is in both the ${first} and the ${split} half`);
      else home.set(d, split);
    }
  return problems;
}
