// Spider suite: FGTR's schema and cell retrieval metrics (gold per Appendix B) and execution
// accuracy, on the 19 rebuilt dev databases; tune/report split by database (SPLITS.md).
import { readFileSync } from "node:fs";
import path from "node:path";
import Database from "libsql";
import type { EvalArgs } from "../args.mts";
import { importOnce, sharedDatasets } from "../datasets.mts";
import { sameResult } from "../../../lib/core/eval/exec-match.ts";
import { analyzeGoldSql, singleQuoteStrings, type DbSchema } from "../../../lib/core/eval/gold-sql.ts";
import { meanScores, scoreSets, type SetScore } from "../../../lib/core/eval/set-scores.ts";
import { summarize, type QuestionRecord, type Summary } from "../report.mts";
import { runQuestion, verdictFields } from "../run-question.mts";
import { columnKeys, goldCellKeys, predictedCellKeys } from "../../../lib/core/eval/score-question.ts";

export { SPIDER_TUNE_DBS } from "../splits.mts";
import { SPIDER_TUNE_DBS } from "../splits.mts";

type SpiderItem = { question_index: number; db_id: string; question: string; query: string };
type Db = InstanceType<typeof Database>;

function dbSchema(db: Db): DbSchema {
  const schema: DbSchema = new Map();
  const tables = db
    .prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'")
    .raw(true)
    .all() as string[][];
  for (const [t] of tables) {
    const cols = db.prepare(`PRAGMA table_info("${t.replace(/"/g, '""')}")`).all() as Array<{ name: string }>;
    schema.set(
      t.toLowerCase(),
      cols.map((c) => c.name.toLowerCase()),
    );
  }
  return schema;
}

/** Gold columns and cells of the gold SQL, its branches run on the source file. */
async function goldCells(
  db: Db,
  sql: string,
  schema: DbSchema,
): Promise<{ schema: Set<string>; cells: Set<string> | null }> {
  const gold = analyzeGoldSql(sql, schema);
  return { schema: gold.columns, cells: await goldCellKeys(gold, rowsOf(db)) };
}

/** Reads rows from the source file (the eval's own copy, not the app's worker pool). */
const rowsOf = (db: Db) => async (sql: string) => db.prepare(sql).raw(true).all() as unknown[][];

export async function runSpider(args: EvalArgs): Promise<{ summary: Summary; records: QuestionRecord[] }> {
  const root = path.join(sharedDatasets(), "spider");
  const items = (JSON.parse(readFileSync(path.join(root, "dev_subset_19db.json"), "utf8")) as SpiderItem[]).filter(
    (x) => SPIDER_TUNE_DBS.includes(x.db_id) === (args.split === "tune"),
  );
  const picked = args.ids ? items.filter((x) => args.ids!.includes(`spider-${x.question_index}`)) : items;
  const chosen = picked.slice(args.offset, args.limit ? args.offset + args.limit : undefined);
  const { getDataset } = await import("../../../lib/server/stores/datasets.ts");
  const records: QuestionRecord[] = [];
  const schemaScores: SetScore[] = [];
  const cellScores: SetScore[] = [];
  for (const dbId of [...new Set(chosen.map((x) => x.db_id))]) {
    const file = path.join(root, "databases", dbId, `${dbId}.sqlite`);
    const datasetId = await importOnce(`spider:${dbId}`, [{ name: `${dbId}.sqlite`, path: file }], dbId);
    const detail = (await getDataset(datasetId))!;
    const tableName = (display: string) => detail.tables.find((t) => t.name === display)?.sqlName ?? display;
    const db = new Database(file, { readonly: true, fileMustExist: true });
    const schema = dbSchema(db);
    for (const item of chosen.filter((x) => x.db_id === dbId)) {
      const outcome = await runQuestion(datasetId, item.question, args, { maxAnswerRows: 10_000 });
      const r = outcome.result;
      let goldRows: unknown[][] = [];
      let gold: Awaited<ReturnType<typeof goldCells>> = { schema: new Set(), cells: null };
      try {
        goldRows = db.prepare(singleQuoteStrings(item.query)).raw(true).all() as unknown[][];
        gold = await goldCells(db, item.query, schema);
      } catch (err) {
        console.error(`gold failed for #${item.question_index}: ${(err as Error).message}`);
      }
      const filled = r ? columnKeys(r.filled, tableName) : [];
      const record: QuestionRecord = {
        id: `spider-${item.question_index}`,
        source: dbId,
        question: item.question,
        gold: { sql: item.query, rows: goldRows.slice(0, 20) },
        prediction: r?.answer.text ?? "",
        values: r?.answer.values.slice(0, 50) ?? [],
        correct: sameResult((r?.result?.rows ?? []) as never, goldRows as never),
        columns: { selected: r ? columnKeys(r.selected, tableName) : [], filled, gold: [...gold.schema] },
        sql: r?.answer.sql ?? null,
        ms: outcome.ms,
        tokens: r?.tokens ?? { input: 0, output: 0 },
        ...verdictFields(outcome),
        ...(outcome.error ? { error: outcome.error } : {}),
      };
      if (gold.schema.size) {
        record.schema = scoreSets(new Set(filled), gold.schema);
        schemaScores.push(record.schema);
        // Cell metrics score sub-tables, which only FGTR builds.
        if (gold.cells && gold.cells.size && args.method === "fgtr") {
          const pred = r ? await predictedCellKeys(r.subTables, tableName, rowsOf(db)) : new Set<string>();
          const s = scoreSets(pred, gold.cells);
          record.cells = { ...s, predicted: pred.size, gold: gold.cells.size };
          cellScores.push(s);
        }
      }
      records.push(record);
      if (args.verbose)
        console.log(`${record.correct ? "✓" : "✗"} ${record.id} ${item.question} → ${record.prediction.slice(0, 80)}`);
    }
    db.close();
  }
  return {
    summary: summarize(
      "spider",
      args.split,
      args.method,
      args.reasoner,
      records,
      meanScores(schemaScores),
      meanScores(cellScores),
    ),
    records,
  };
}
