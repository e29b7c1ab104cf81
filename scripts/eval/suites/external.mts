// External questions: `--questions FILE.jsonl --data DIR [--method M] [--out FILE.jsonl]`, one JSON
// object per line {id, question, answer: [...], db? | table? | file? | files?, passages?, gold_sql?,
// tags?, out_of_scope?}. `db` is DIR/<db>.sqlite or DIR/<db>/<db>.sqlite; `table` a CSV/TSV and
// `file` an XLSX/CSV path relative to DIR; `files` several CSV/TSV/XLSX paths imported together as one
// dataset (as a user drops several files); `passages` a .jsonl/.md file of text passages (HELIOS)
// uploaded with it. An empty `answer: []` means the right result has no rows. An out-of-scope
// question (the data cannot answer it) is right only when the verdict is "no-answer". Runs fgtr,
// sgam, graphotter or helios; --out writes one line per question.
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import type { EvalArgs } from "../args.mts";
import { importOnce } from "../datasets.mts";
import { exactMatch } from "../../../lib/core/eval/exact-match.ts";
import { scoreAnswer } from "../../../lib/core/eval/answer-match.ts";
import { meanScores, type SetScore } from "../../../lib/core/eval/set-scores.ts";
import { summarize, type QuestionRecord, type Summary } from "../report.mts";
import { runExternalMethod } from "../run-external-method.mts";
import { scoreExternalRetrieval } from "./external-retrieval.mts";
import { type ExternalItem, sourceOf } from "./external-source.mts";

export type { ExternalItem };

/** One line of --out: what a question got, in the order a reader scans it. */
export type OutLine = {
  id: string;
  method: string;
  question: string;
  prediction: string;
  values: unknown[];
  gold: unknown;
  correct: boolean | null;
  verdict: QuestionRecord["verdict"] | null;
  confidence: number | null;
  reading?: unknown;
  ms: number;
  selected: string[];
  sql: string | null;
  tags?: string[];
  out_of_scope?: boolean;
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
    verdict: r.verdict ?? null,
    confidence: r.confidence ?? null,
    ...(r.reading !== undefined ? { reading: r.reading } : {}),
    ms: Math.round(r.ms),
    selected: r.columns.selected,
    sql: r.sql,
    ...(r.tags?.length ? { tags: r.tags } : {}),
    ...(r.outOfScope ? { out_of_scope: true } : {}),
    ...(r.error ? { error: r.error } : {}),
  };
}

export { exactMatch };

/** Imports (once) the item's data, with its passages when it names some; returns the dataset id. */
export async function datasetFor(item: ExternalItem, dir: string) {
  const src = sourceOf(item, dir);
  const passages = item.passages ? path.resolve(dir, item.passages) : null;
  if (passages && !passages.startsWith(path.resolve(dir) + path.sep))
    throw new Error(`question ${item.id}: ${item.passages} is outside the data folder`);
  // With passages it is another dataset than the same table without them.
  const id = await importOnce(
    `external:${src.key}${passages ? `+${passages}` : ""}`,
    src.files.map((f) => ({ name: path.basename(f), path: f })),
    src.name,
  );
  if (passages) {
    const { allPassages } = await import("../../../lib/server/passages/store.ts");
    if (!(await allPassages(id)).length) {
      const { addPassages } = await import("../../../lib/server/passages/add-passages.ts");
      await addPassages(id, [{ name: path.basename(passages), bytes: new Uint8Array(readFileSync(passages)) }]);
    }
  }
  return { id, ...src };
}

/** Asks every item with args.method and scores it; the records, with schema and cell means where scored. */
export async function runExternalItems(
  items: readonly ExternalItem[],
  dir: string,
  args: EvalArgs,
): Promise<{ records: QuestionRecord[]; schema: SetScore[]; cells: SetScore[] }> {
  const { getDataset } = await import("../../../lib/server/stores/datasets.ts");
  const records: QuestionRecord[] = [];
  const schema: SetScore[] = [];
  const cells: SetScore[] = [];
  for (const [i, item] of items.entries()) {
    const src = await datasetFor(item, dir);
    const detail = (await getDataset(src.id))!;
    const tableName = (display: string) => detail.tables.find((t) => t.name === display)?.sqlName ?? display;
    const r = await runExternalMethod(src.id, item.question, args, tableName);
    const outOfScope = item.out_of_scope === true;
    const record: QuestionRecord = {
      id: String(item.id ?? i),
      source: src.files.map((f) => path.relative(dir, f)).join(" + "),
      question: item.question,
      gold: outOfScope ? null : (item.answer ?? null),
      prediction: r.text,
      values: r.values.slice(0, 50),
      correct: scoreAnswer({
        gold: item.answer ?? null,
        outOfScope,
        verdict: r.verdict,
        answer: { values: r.values, rows: r.rows },
      }),
      columns: { selected: r.selected, filled: r.filled },
      sql: r.sql,
      ms: r.ms,
      tokens: r.tokens,
      confidence: r.confidence,
      verdict: r.verdict,
      ...(r.reason ? { reason: r.reason } : {}),
      ...(r.reading !== undefined ? { reading: r.reading } : {}),
      ...(r.signals ? { signals: r.signals } : {}),
      ...(item.tags?.length ? { tags: item.tags } : {}),
      ...(outOfScope ? { outOfScope } : {}),
      ...(r.error ? { error: r.error } : {}),
    };
    if (item.gold_sql && src.db) await scoreExternalRetrieval(item.gold_sql, src.db, r, args, tableName, record);
    if (record.schema) schema.push(record.schema);
    if (record.cells) cells.push(record.cells);
    records.push(record);
    if (args.verbose)
      console.log(`${record.correct ? "✓" : "✗"} ${record.id} ${item.question} → ${record.prediction.slice(0, 80)}`);
  }
  return { records, schema, cells };
}

/** Writes the --out file: one line per question (outLine). */
export function writeOutLines(file: string, records: readonly QuestionRecord[], method: string): void {
  writeFileSync(
    path.resolve(file),
    records.map((r) => JSON.stringify(outLine(r, method))).join("\n") + (records.length ? "\n" : ""),
  );
  console.error(`wrote ${records.length} lines to ${file}`);
}

export function readExternalItems(file: string): ExternalItem[] {
  return readFileSync(path.resolve(file), "utf8")
    .split(/\r?\n/)
    .filter((l) => l.trim())
    .map((l) => JSON.parse(l) as ExternalItem);
}

export async function runExternal(args: EvalArgs): Promise<{ summary: Summary; records: QuestionRecord[] }> {
  const items = readExternalItems(args.questions!);
  const chosen = items.slice(args.offset, args.limit ? args.offset + args.limit : undefined);
  const { records, schema, cells } = await runExternalItems(chosen, path.resolve(args.data!), args);
  if (args.out) writeOutLines(args.out, records, args.method);
  return {
    summary: summarize("external", "-", args.method, args.reasoner, records, meanScores(schema), meanScores(cells)),
    records,
  };
}
