// External questions: `--questions FILE.jsonl --data DIR [--method M] [--out FILE.jsonl]`, one JSON
// object per line {id, question, answer: [...], db? | table? | file?, passages?, gold_sql?}; an empty
// `answer: []` means the right result has no rows. `db` is
// DIR/<db>.sqlite or DIR/<db>/<db>.sqlite; `table` a CSV/TSV and `file` an XLSX/CSV path relative to
// DIR; `passages` a .jsonl/.md file of text passages (HELIOS) uploaded with it. Runs fgtr, sgam,
// graphotter or helios; --out writes one line per question (outLine).
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import Database from "libsql";
import type { EvalArgs } from "../args.mts";
import { importOnce } from "../datasets.mts";
import { exactMatch } from "../../../lib/core/eval/exact-match.ts";
import { analyzeGoldSql, type DbSchema } from "../../../lib/core/eval/gold-sql.ts";
import { meanScores, type SetScore } from "../../../lib/core/eval/set-scores.ts";
import { goldCellKeys, predictedCellKeys, scoreQuestion } from "../../../lib/core/eval/score-question.ts";
import { summarize, type QuestionRecord, type Summary } from "../report.mts";
import { runExternalMethod } from "../run-external-method.mts";

type ExternalItem = {
  id?: string | number;
  question: string;
  answer?: unknown[];
  db?: string;
  table?: string;
  file?: string;
  passages?: string;
  gold_sql?: string;
};

/** One line of --out: what a question got, in the order a reader scans it. */
export type OutLine = {
  id: string;
  method: string;
  question: string;
  prediction: string;
  values: unknown[];
  gold: unknown;
  correct: boolean | null;
  ms: number;
  selected: string[];
  sql: string | null;
  error?: string;
};

export function outLine(r: QuestionRecord, method: string): OutLine {
  return {
    id: r.id,
    method,
    question: r.question,
    prediction: r.prediction,
    values: r.values,
    gold: r.gold,
    correct: r.correct,
    ms: Math.round(r.ms),
    selected: r.columns.selected,
    sql: r.sql,
    ...(r.error ? { error: r.error } : {}),
  };
}

export { exactMatch };

function inside(dir: string, rel: string, id: unknown): string {
  const file = path.resolve(dir, rel);
  if (!file.startsWith(path.resolve(dir) + path.sep))
    throw new Error(`question ${id}: ${rel} is outside the data folder`);
  return file;
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
  const file = inside(dir, rel, item.id);
  return { key: `file:${file}`, file, name: path.basename(rel).replace(/\.[^.]+$/, "") };
}

function sqliteSchema(file: string): DbSchema {
  const db = new Database(file, { readonly: true, fileMustExist: true });
  const schema: DbSchema = new Map();
  for (const [t] of db.prepare("SELECT name FROM sqlite_master WHERE type = 'table'").raw(true).all() as string[][]) {
    schema.set(
      t.toLowerCase(),
      (db.prepare(`PRAGMA table_info("${t.replace(/"/g, '""')}")`).all() as Array<{ name: string }>).map((c) =>
        c.name.toLowerCase(),
      ),
    );
  }
  db.close();
  return schema;
}

/** Imports (once) the item's data, with its passages when it names some; returns the dataset id. */
async function datasetFor(item: ExternalItem, dir: string): Promise<{ id: string; file: string }> {
  const src = sourceOf(item, dir);
  const passages = item.passages ? inside(dir, item.passages, item.id) : null;
  // With passages it is another dataset than the same table without them.
  const id = await importOnce(
    `external:${src.key}${passages ? `+${passages}` : ""}`,
    [{ name: path.basename(src.file), path: src.file }],
    src.name,
  );
  if (passages) {
    const { allPassages } = await import("../../../lib/server/passages/store.ts");
    if (!(await allPassages(id)).length) {
      const { addPassages } = await import("../../../lib/server/passages/add-passages.ts");
      await addPassages(id, [{ name: path.basename(passages), bytes: new Uint8Array(readFileSync(passages)) }]);
    }
  }
  return { id, file: src.file };
}

export async function runExternal(args: EvalArgs): Promise<{ summary: Summary; records: QuestionRecord[] }> {
  const dir = path.resolve(args.data!);
  const items = readFileSync(path.resolve(args.questions!), "utf8")
    .split(/\r?\n/)
    .filter((l) => l.trim())
    .map((l) => JSON.parse(l) as ExternalItem);
  const chosen = items.slice(args.offset, args.limit ? args.offset + args.limit : undefined);
  const { getDataset } = await import("../../../lib/server/stores/datasets.ts");
  const records: QuestionRecord[] = [];
  const scores: SetScore[] = [];
  const cellScores: SetScore[] = [];
  for (const [i, item] of chosen.entries()) {
    const src = await datasetFor(item, dir);
    const detail = (await getDataset(src.id))!;
    const tableName = (display: string) => detail.tables.find((t) => t.name === display)?.sqlName ?? display;
    const r = await runExternalMethod(src.id, item.question, args, tableName);
    const record: QuestionRecord = {
      id: String(item.id ?? i),
      source: path.relative(dir, src.file),
      question: item.question,
      gold: item.answer ?? null,
      prediction: r.text,
      values: r.values.slice(0, 50),
      correct: scoreQuestion({ goldAnswer: item.answer ?? null, values: r.values, resultRows: r.resultRows }).correct,
      columns: { selected: r.selected, filled: r.filled },
      sql: r.sql,
      ms: r.ms,
      tokens: r.tokens,
      ...(r.error ? { error: r.error } : {}),
    };
    // Retrieval is scored for the methods that report columns (FGTR, SGAM) and cells for FGTR's sub-tables,
    // as the in-app batches score them (lib/core/eval).
    if (item.gold_sql && item.db && (args.method === "fgtr" || args.method === "sgam")) {
      try {
        const db = new Database(src.file, { readonly: true, fileMustExist: true });
        const rows = async (sql: string) => db.prepare(sql).raw(true).all() as unknown[][];
        const gold = analyzeGoldSql(item.gold_sql, sqliteSchema(src.file));
        const goldCells = args.method === "fgtr" ? await goldCellKeys(gold, rows) : null;
        const predictedCells = goldCells?.size ? await predictedCellKeys(r.subTables, tableName, rows) : null;
        db.close();
        record.columns.gold = [...gold.columns];
        const scored = scoreQuestion({
          goldAnswer: null,
          values: [],
          goldColumns: gold.columns,
          predictedColumns: r.filled,
          goldCells,
          predictedCells,
        });
        if (scored.schema) scores.push((record.schema = scored.schema));
        if (scored.cells && predictedCells && goldCells) {
          record.cells = { ...scored.cells, predicted: predictedCells.size, gold: goldCells.size };
          cellScores.push(scored.cells);
        }
      } catch (err) {
        console.error(`gold SQL of ${record.id} failed: ${(err as Error).message.slice(0, 120)}`);
      }
    }
    records.push(record);
    if (args.verbose)
      console.log(`${record.correct ? "✓" : "✗"} ${record.id} ${item.question} → ${record.prediction.slice(0, 80)}`);
  }
  if (args.out) {
    writeFileSync(
      path.resolve(args.out),
      records.map((r) => JSON.stringify(outLine(r, args.method))).join("\n") + (records.length ? "\n" : ""),
    );
    console.error(`wrote ${records.length} lines to ${args.out}`);
  }
  return {
    summary: summarize(
      "external",
      "-",
      args.method,
      args.reasoner,
      records,
      meanScores(scores),
      meanScores(cellScores),
    ),
    records,
  };
}
