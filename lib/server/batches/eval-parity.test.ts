import { existsSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import Database from "libsql";
import { afterAll, describe, expect, it } from "vitest";
import { singleQuoteStrings, summarizeScores } from "@/lib/core/eval";
import { closeAppDb } from "@/lib/server/db/app-db";
import { closeSqlPool } from "@/lib/server/sql";
import { useTempDataDir } from "@/lib/server/testing/temp-data-dir";
import { defaultEvalArgs } from "@/scripts/eval/args.mts";
import { sharedDatasets } from "@/scripts/eval/datasets.mts";
import { SPIDER_TUNE_DBS } from "@/scripts/eval/splits.mts";

// The same 30 Spider tune questions scored by `npm run eval -- --questions` and by an in-app batch
// must give identical numbers: both read lib/core/eval. The datasets are read where the eval
// scripts read them (cwd/../shared/datasets); without them the test is skipped, saying so.
const root = path.join(sharedDatasets(), "spider");
const available = existsSync(path.join(root, "dev_subset_19db.json"));
if (!available) console.warn(`eval-parity: skipped, ${root} is absent (Spider is needed to compare the two paths).`);

const dir = useTempDataDir();
process.env.AUTO_INDEX = "0";
afterAll(async () => {
  closeSqlPool();
  await closeAppDb();
});

type SpiderItem = { question_index: number; db_id: string; question: string; query: string };

/** 10 questions from each of the first three tune databases, with gold answers from the gold query. */
function questionFile(): { file: string; dbOf: Map<string, string> } {
  const all = JSON.parse(readFileSync(path.join(root, "dev_subset_19db.json"), "utf8")) as SpiderItem[];
  const lines = SPIDER_TUNE_DBS.slice(0, 3).flatMap((db) => {
    const file = new Database(path.join(root, "databases", db, `${db}.sqlite`), { readonly: true });
    const picked = all.filter((x) => x.db_id === db).slice(0, 10);
    const out = picked.map((x) => ({
      id: `spider-${x.question_index}`,
      question: x.question,
      answer: (file.prepare(singleQuoteStrings(x.query)).raw(true).all() as unknown[][]).flat(),
      db,
      gold_sql: x.query,
    }));
    file.close();
    return out;
  });
  const target = path.join(dir, "spider-30.jsonl");
  writeFileSync(target, lines.map((l) => JSON.stringify(l)).join("\n"));
  return { file: target, dbOf: new Map(lines.map((l) => [l.id, l.db])) };
}

describe.skipIf(!available)("npm run eval and a batch score alike", () => {
  it("gives identical accuracy, schema and cell scores on 30 Spider tune questions", { timeout: 900_000 }, async () => {
    const { file: questions, dbOf } = questionFile();
    const { runExternal } = await import("@/scripts/eval/suites/external.mts");
    const args = { ...defaultEvalArgs(), questions, data: path.join(root, "databases"), method: "fgtr" };
    const evalRun = await runExternal(args);
    expect(evalRun.records).toHaveLength(30);

    const { importOnce } = await import("@/scripts/eval/datasets.mts");
    const { createQuestionSet } = await import("./question-sets");
    const { startBatch } = await import("./start-batch");
    const { runnerIdle } = await import("./runner");
    const { batchItemsOf } = await import("./store");
    const { parseQuestionSet } = await import("@/lib/core/eval/question-set");
    const parsed = parseQuestionSet(readFileSync(questions, "utf8"), "jsonl");
    const items = [];
    for (const db of SPIDER_TUNE_DBS.slice(0, 3)) {
      const file = path.join(root, "databases", db, `${db}.sqlite`);
      const datasetId = await importOnce(`external:db:${file}`, [{ name: `${db}.sqlite`, path: file }], db);
      const mine = parsed.items.filter((i) => dbOf.get(i.id) === db);
      const set = await createQuestionSet(datasetId, db, mine);
      const batchId = await startBatch(set.id, { methods: ["fgtr"], reasoner: "local", params: {} });
      await runnerIdle();
      items.push(...(await batchItemsOf(batchId!)));
    }
    const batch = summarizeScores(items);
    const evalSummary = evalRun.summary;
    console.log("eval", JSON.stringify({ a: evalSummary.accuracy, s: evalSummary.schema, c: evalSummary.cells }));
    console.log("batch", JSON.stringify({ a: batch.accuracy, s: batch.schema, c: batch.cells }));
    expect(batch.n).toBe(30);
    expect(batch.accuracy).toBe(evalSummary.accuracy);
    const strip = (m?: { recall: number; precision: number; f2: number; strictRecall: number } | null) =>
      m ? { recall: m.recall, precision: m.precision, f2: m.f2, strictRecall: m.strictRecall } : null;
    expect(strip(batch.schema)).toEqual(strip(evalSummary.schema));
    expect(strip(batch.cells)).toEqual(strip(evalSummary.cells));
    // Question by question too, not only on average.
    const byId = new Map(items.map((i) => [i.questionId, i]));
    for (const r of evalRun.records) expect(byId.get(r.id)?.correct, r.id).toBe(r.correct);
  });
});
