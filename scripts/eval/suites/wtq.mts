// WikiTableQuestions suite: each question's table (the .tsv copy, unescaped and written as
// standard CSV) is imported like an upload; answers are scored as the official evaluator does.
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import type { EvalArgs } from "../args.mts";
import { importOnce, scratchDir, sharedDatasets } from "../datasets.mts";
import { summarize, type QuestionRecord, type Summary } from "../report.mts";
import { runQuestion, verdictFields } from "../run-question.mts";
import { wtqMatch } from "../wtq-match.mts";

/** Without --limit, the tune split (14,152 questions) is sampled: every TUNE_STRIDE-th question. */
const TUNE_STRIDE = 14;

/** WTQ's TSV escapes: \n newline, \p pipe, \\ backslash. */
export function unescapeWtq(s: string): string {
  return s.replace(/\\(n|p|\\)/g, (_, c: string) => (c === "n" ? "\n" : c === "p" ? "|" : "\\"));
}

function csvField(s: string): string {
  return `"${s.replace(/"/g, '""')}"`;
}

/** Converts a WTQ .tsv table to a standard CSV file named after its page title; returns its path. */
function tableFile(root: string, context: string): { file: string; name: string } {
  const tsv = path.join(root, context.replace(/\.csv$/, ".tsv"));
  const id = context
    .replace(/^csv\//, "")
    .replace(/-csv\//, "-")
    .replace(/\.csv$/, "");
  const pageFile = path.join(
    root,
    context
      .replace(/^csv\//, "page/")
      .replace(/-csv\//, "-page/")
      .replace(/\.csv$/, ".json"),
  );
  let title = id;
  try {
    title = (JSON.parse(readFileSync(pageFile, "utf8")) as { title?: string }).title || id;
  } catch {
    // no page metadata
  }
  const name =
    title
      .replace(/[^\p{L}\p{N} ()'.,&-]+/gu, " ")
      .replace(/\s+/g, " ")
      .trim()
      .slice(0, 60) || id;
  const file = path.join(scratchDir("wtq"), `${id}.csv`);
  if (!existsSync(file)) {
    const lines = readFileSync(tsv, "utf8")
      .split(/\r?\n/)
      .filter((l) => l.length > 0);
    const rows = lines.map((l) => l.split("\t").map(unescapeWtq));
    writeFileSync(file, rows.map((r) => r.map(csvField).join(",")).join("\n") + "\n");
  }
  return { file, name };
}

/** Answer strings from FGTR's answer values (numbers printed plainly). */
function answerStrings(values: unknown[]): string[] {
  return values.map((v) =>
    typeof v === "number" ? String(Number.isInteger(v) ? v : Number(v.toPrecision(12))) : String(v ?? ""),
  );
}

export async function runWtq(args: EvalArgs): Promise<{ summary: Summary; records: QuestionRecord[] }> {
  const root = path.join(sharedDatasets(), "wikitablequestions");
  const file = args.split === "tune" ? "training.tsv" : "pristine-unseen-tables.tsv";
  const lines = readFileSync(path.join(root, "data", file), "utf8")
    .split(/\r?\n/)
    .slice(1)
    .filter(Boolean);
  let items = lines.map((l) => {
    const [id, utterance, context, target] = l.split("\t");
    return { id, question: unescapeWtq(utterance), context, gold: (target ?? "").split("|").map(unescapeWtq) };
  });
  if (args.split === "tune" && args.limit === null) items = items.filter((_, i) => i % TUNE_STRIDE === 0);
  const chosen = items.slice(args.offset, args.limit ? args.offset + args.limit : undefined);
  const records: QuestionRecord[] = [];
  for (const item of chosen) {
    const { file: csv, name } = tableFile(root, item.context);
    const datasetId = await importOnce(`wtq:${item.context}`, [{ name: `${name}.csv`, path: csv }], name);
    const outcome = await runQuestion(datasetId, item.question, args);
    const r = outcome.result;
    const pred = answerStrings(r?.answer.values ?? []);
    const record: QuestionRecord = {
      id: item.id,
      source: item.context,
      question: item.question,
      gold: item.gold,
      prediction: r?.answer.text ?? "",
      values: pred.slice(0, 50),
      correct: wtqMatch(item.gold, pred),
      columns: { selected: r?.selected.map((c) => c.column) ?? [], filled: r?.filled.map((c) => c.column) ?? [] },
      sql: r?.answer.sql ?? null,
      ms: outcome.ms,
      tokens: r?.tokens ?? { input: 0, output: 0 },
      ...verdictFields(outcome),
      ...(outcome.error ? { error: outcome.error } : {}),
    };
    records.push(record);
    if (args.verbose)
      console.log(
        `${record.correct ? "✓" : "✗"} ${item.id} ${item.question} → ${pred.slice(0, 5).join(" | ")} (gold ` +
          `${item.gold.join(" | ")})`,
      );
  }
  return { summary: summarize("wtq", args.split, args.method, args.reasoner, records), records };
}
