// External questions: `--questions FILE.jsonl --data DIR`, one JSON object per line
// {id, question, answer: [...], db? | table? | file?, gold_sql?}. `db` is DIR/<db>.sqlite or
// DIR/<db>/<db>.sqlite; `table` a CSV/TSV and `file` an XLSX/CSV path relative to DIR.
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import Database from "libsql";
import type { EvalArgs } from "../args.mts";
import { importOnce } from "../datasets.mts";
import { analyzeGoldSql, type DbSchema } from "../gold-sql.mts";
import { meanScores, scoreSets, type SetScore } from "../retrieval-metrics.mts";
import { summarize, type QuestionRecord, type Summary } from "../report.mts";
import { columnKeys, runQuestion } from "../run-question.mts";

type ExternalItem = { id?: string | number; question: string; answer?: unknown[]; db?: string; table?: string; file?: string; gold_sql?: string };

function norm(v: unknown): string {
  const s = String(v ?? "").trim();
  const n = Number(s.replace(/,/g, ""));
  return s !== "" && Number.isFinite(n) ? `#${Math.round(n * 1e6) / 1e6}` : s.toLowerCase();
}

/** Exact match with numbers compared as numbers, order and case ignored. */
export function exactMatch(gold: unknown[], pred: unknown[]): boolean {
  const a = gold.map(norm).sort();
  const b = pred.map(norm).sort();
  return a.length === b.length && a.every((x, i) => x === b[i]);
}

function sourceOf(item: ExternalItem, dir: string): { key: string; file: string; name: string } {
  if (item.db) {
    const flat = path.join(dir, `${item.db}.sqlite`);
    const nested = path.join(dir, item.db, `${item.db}.sqlite`);
    const file = existsSync(flat) ? flat : nested;
    return { key: `db:${file}`, file, name: item.db };
  }
  const rel = item.table ?? item.file;
  if (!rel) throw new Error(`question ${item.id}: give db, table or file`);
  const file = path.resolve(dir, rel);
  if (!file.startsWith(path.resolve(dir))) throw new Error(`question ${item.id}: ${rel} is outside the data folder`);
  return { key: `file:${file}`, file, name: path.basename(rel).replace(/\.[^.]+$/, "") };
}

function sqliteSchema(file: string): DbSchema {
  const db = new Database(file, { readonly: true, fileMustExist: true });
  const schema: DbSchema = new Map();
  for (const [t] of db.prepare("SELECT name FROM sqlite_master WHERE type = 'table'").raw(true).all() as string[][]) {
    schema.set(t.toLowerCase(), (db.prepare(`PRAGMA table_info("${t.replace(/"/g, '""')}")`).all() as Array<{ name: string }>).map((c) => c.name.toLowerCase()));
  }
  db.close();
  return schema;
}

export async function runExternal(args: EvalArgs): Promise<{ summary: Summary; records: QuestionRecord[] }> {
  const dir = path.resolve(args.data!);
  const items = readFileSync(path.resolve(args.questions!), "utf8").split(/\r?\n/).filter((l) => l.trim()).map((l) => JSON.parse(l) as ExternalItem);
  const chosen = items.slice(args.offset, args.limit ? args.offset + args.limit : undefined);
  const { getDataset } = await import("../../../lib/server/stores/datasets.ts");
  const records: QuestionRecord[] = [];
  const scores: SetScore[] = [];
  for (const [i, item] of chosen.entries()) {
    const src = sourceOf(item, dir);
    const datasetId = await importOnce(`external:${src.key}`, [{ name: path.basename(src.file), path: src.file }], src.name);
    const detail = (await getDataset(datasetId))!;
    const tableName = (display: string) => detail.tables.find((t) => t.name === display)?.sqlName ?? display;
    const outcome = await runQuestion(datasetId, item.question, args);
    const r = outcome.result;
    const pred = (r?.answer.values ?? []).map((v) => String(v ?? ""));
    const filled = r ? columnKeys(r.filled, tableName) : [];
    const record: QuestionRecord = {
      id: String(item.id ?? i), source: path.relative(dir, src.file), question: item.question, gold: item.answer ?? null, prediction: r?.answer.text ?? "", values: pred.slice(0, 50),
      correct: item.answer ? exactMatch(item.answer, pred) : null, columns: { selected: r ? columnKeys(r.selected, tableName) : [], filled }, sql: r?.answer.sql ?? null,
      ms: outcome.ms, tokens: r?.tokens ?? { input: 0, output: 0 }, ...(outcome.error ? { error: outcome.error } : {}),
    };
    if (item.gold_sql && item.db) {
      try {
        const gold = analyzeGoldSql(item.gold_sql, sqliteSchema(src.file)).columns;
        record.columns.gold = [...gold];
        if (gold.size) {
          record.schema = scoreSets(new Set(filled), gold);
          scores.push(record.schema);
        }
      } catch (err) {
        console.error(`gold SQL of ${record.id} failed: ${(err as Error).message.slice(0, 120)}`);
      }
    }
    records.push(record);
    if (args.verbose) console.log(`${record.correct ? "✓" : "✗"} ${record.id} ${item.question} → ${record.prediction.slice(0, 80)}`);
  }
  return { summary: summarize("external", "-", args.method, args.reasoner, records, meanScores(scores)), records };
}
