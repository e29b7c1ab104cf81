// Shared by the AIT-QA and HiTab suites: each table is imported once like an upload (its XLSX
// rendering with merged header cells), then every question runs with --method graphotter or fgtr.
import type { EvalArgs } from "./args.mts";
import { cellMatch } from "../../lib/core/eval/cell-match.ts";
import { importOnce } from "./datasets.mts";
import { summarize, type QuestionRecord, type Summary } from "./report.mts";
import { runGraphotterQuestion } from "./run-graphotter.mts";
import { runQuestion, verdictFields } from "./run-question.mts";

export type ComplexQuestion = { id: string; table: string; question: string; gold: unknown[] };

function answerStrings(values: unknown[]): string[] {
  return values.map((v) =>
    typeof v === "number" ? String(Number.isInteger(v) ? v : Number(v.toPrecision(12))) : String(v ?? ""),
  );
}

export async function runComplexSuite(
  suite: string,
  args: EvalArgs,
  questions: ComplexQuestion[],
  tableFile: (table: string) => Promise<{ path: string; name: string }>,
): Promise<{ summary: Summary; records: QuestionRecord[] }> {
  if (args.method !== "graphotter" && args.method !== "fgtr")
    throw new Error(`--method must be graphotter or fgtr for ${suite}`);
  const chosen = questions.slice(args.offset, args.limit ? args.offset + args.limit : undefined);
  const records: Array<QuestionRecord & { graph?: { steps: number; nodes: number } }> = [];
  for (const q of chosen) {
    const file = await tableFile(q.table);
    const datasetId = await importOnce(
      `${suite}:${q.table}`,
      [{ name: file.name, path: file.path }],
      `${suite} ${q.table}`,
    );
    let record: QuestionRecord & { graph?: { steps: number; nodes: number } };
    if (args.method === "graphotter") {
      const o = await runGraphotterQuestion(datasetId, q.question, args);
      record = {
        id: q.id,
        source: q.table,
        question: q.question,
        gold: q.gold,
        prediction: o.text,
        values: o.values,
        correct: cellMatch(q.gold, o.values),
        columns: { selected: [], filled: [] },
        sql: null,
        ms: o.ms,
        tokens: o.tokens,
        graph: { steps: o.steps, nodes: o.nodes },
        confidence: o.confidence,
        verdict: o.verdict,
        reason: o.reason,
        ...(o.signals ? { signals: o.signals } : {}),
        ...(o.error ? { error: o.error } : {}),
      };
    } else {
      const o = await runQuestion(datasetId, q.question, args);
      const pred = answerStrings(o.result?.answer.values ?? []);
      record = {
        id: q.id,
        source: q.table,
        question: q.question,
        gold: q.gold,
        prediction: o.result?.answer.text ?? "",
        values: pred.slice(0, 50),
        correct: cellMatch(q.gold, pred),
        columns: {
          selected: o.result?.selected.map((c) => c.column) ?? [],
          filled: o.result?.filled.map((c) => c.column) ?? [],
        },
        sql: o.result?.answer.sql ?? null,
        ms: o.ms,
        tokens: o.result?.tokens ?? { input: 0, output: 0 },
        ...verdictFields(o),
        ...(o.error ? { error: o.error } : {}),
      };
    }
    records.push(record);
    if (args.verbose)
      console.log(
        `${record.correct ? "✓" : "✗"} ${q.id} [${q.table}] ${q.question} → ` +
          `${record.values.slice(0, 5).join(" | ")} (gold ${q.gold.join(" | ")})`,
      );
  }
  return { summary: summarize(suite, args.split, args.method, args.reasoner, records), records };
}
