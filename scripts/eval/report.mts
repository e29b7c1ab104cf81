// Writes every eval run as JSON and Markdown under reports/ (ignored by git) and prints the
// summary table last — or, with --json, one JSON object as the last line.
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import type { MeanScore, SetScore } from "../../lib/core/eval/set-scores.ts";
import { accuracyPercent, quantileMs } from "../../lib/core/eval/summary.ts";
import { type Breakdown, breakdownJson, breakdownOf, breakdownRows } from "./breakdown.mts";
import { type Selective, selectiveOf } from "./selective.mts";

export type QuestionRecord = {
  id: string;
  source: string;
  question: string;
  gold: unknown;
  prediction: string;
  values: unknown[];
  correct: boolean | null;
  columns: { selected: string[]; filled: string[]; gold?: string[] };
  schema?: SetScore;
  cells?: SetScore & { predicted: number; gold: number };
  sql: string | null;
  ms: number;
  tokens: { input: number; output: number };
  error?: string;
  /** The verdict on the answer and its calibrated confidence (lib/core/reasoner/verdict). */
  confidence?: number;
  verdict?: "answered" | "unsure" | "no-answer";
  reason?: string;
  /** The signal vector behind the confidence (what the answer-confidence trainer fits on). */
  signals?: unknown;
  /** GraphOTTER: actions taken and nodes given to the answer step (the paper's Figures 3–4). */
  graph?: { steps: number; nodes: number };
  /** The question's classes (realworld suite) and whether the data cannot answer it. */
  tags?: string[];
  outOfScope?: boolean;
  /** How the method read the question, when its answer says. */
  reading?: unknown;
};

export type Summary = {
  suite: string;
  split: string;
  method: string;
  reasoner: string;
  n: number;
  accuracy: number | null;
  schema?: Omit<MeanScore, "n">;
  cells?: Omit<MeanScore, "n">;
  schemaN?: number;
  cellsN?: number;
  msP50: number;
  msMean: number;
  tokens: { input: number; output: number };
  errors: number;
  /** Mean actions and nodes used per answer, when the method walks a cell graph. */
  graph?: { steps: number; nodes: number };
  /** Selective answering: share marked "answered", accuracy of answered / unsure ones (percent), ECE in [0, 1]. */
  selective?: Selective;
  /** HELIOS (suite ottqa): AR@k in percent by k, nDCG@50, and the same for each ablation. */
  answerRecall?: Record<string, number>;
  ndcg50?: number;
  ablations?: Record<string, { answerRecall: Record<string, number>; ndcg50: number; accuracy: number }>;
} & Breakdown;

const pct = (v: number) => v.toFixed(2);

export function summarize(
  suite: string,
  split: string,
  method: string,
  reasoner: string,
  records: QuestionRecord[],
  schema?: MeanScore,
  cells?: MeanScore,
): Summary {
  const ms = records.map((r) => r.ms);
  const strip = (m?: MeanScore) =>
    m ? { recall: m.recall, precision: m.precision, f2: m.f2, strictRecall: m.strictRecall } : undefined;
  return {
    suite,
    split,
    method,
    reasoner,
    n: records.length,
    accuracy: accuracyPercent(records.map((r) => r.correct)),
    ...(schema ? { schema: strip(schema), schemaN: schema.n } : {}),
    ...(cells ? { cells: strip(cells), cellsN: cells.n } : {}),
    msP50: quantileMs(ms, 0.5),
    msMean: ms.length ? Math.round(ms.reduce((a, b) => a + b, 0) / ms.length) : 0,
    tokens: {
      input: records.reduce((n, r) => n + r.tokens.input, 0),
      output: records.reduce((n, r) => n + r.tokens.output, 0),
    },
    errors: records.filter((r) => r.error).length,
    ...graphMeans(records),
    ...selectiveOf(records),
    ...breakdownOf(records),
  };
}

function graphMeans(records: QuestionRecord[]): { graph?: { steps: number; nodes: number } } {
  const g = records.flatMap((r) => (r.graph ? [r.graph] : []));
  if (!g.length) return {};
  const mean = (xs: number[]) => Math.round((100 * xs.reduce((a, b) => a + b, 0)) / xs.length) / 100;
  return { graph: { steps: mean(g.map((x) => x.steps)), nodes: mean(g.map((x) => x.nodes)) } };
}

function markdown(summary: Summary, records: QuestionRecord[]): string {
  const lines = [
    `# Eval: ${summary.suite} (${summary.split}), ${summary.method} / ${summary.reasoner}`,
    "",
    "```json",
    JSON.stringify(summary, null, 1),
    "```",
    "",
  ];
  for (const r of records) {
    lines.push(
      `## ${r.id} — ${r.correct === null ? "unscored" : r.correct ? "correct" : "wrong"}`,
      "",
      `**Q:** ${r.question}`,
      "",
      `- source: ${r.source}${r.tags?.length ? ` — tags: ${r.tags.join(", ")}` : ""}${
        r.outOfScope ? " — out of scope" : ""
      }`,
      `- gold: \`${JSON.stringify(r.gold)}\``,
      `- prediction: ${r.prediction.replace(/\n/g, " ").slice(0, 500)}`,
    );
    lines.push(
      `- columns: ${r.columns.filled.join(", ") || "(none)"}${
        r.columns.gold ? ` — gold ${r.columns.gold.join(", ")}` : ""
      }`,
    );
    if (r.schema)
      lines.push(
        `- schema P ${pct(100 * r.schema.precision)} R ${pct(100 * r.schema.recall)} F2 ${pct(100 * r.schema.f2)}`,
      );
    if (r.cells)
      lines.push(
        `- cells P ${pct(100 * r.cells.precision)} R ${pct(100 * r.cells.recall)} F2 ${pct(100 * r.cells.f2)} (` +
          `${r.cells.predicted} predicted, ${r.cells.gold} gold)`,
      );
    if (r.verdict) lines.push(`- verdict: ${r.verdict} (${r.confidence?.toFixed(3)}) — ${r.reason ?? ""}`);
    lines.push(
      `- sql: \`${r.sql ?? ""}\``,
      `- time ${Math.round(r.ms)} ms, tokens ${r.tokens.input}/${r.tokens.output}${
        r.error ? `, error: ${r.error}` : ""
      }`,
      "",
    );
  }
  return lines.join("\n");
}

/** Writes reports/eval-<suite>-<split>-<reasoner>-<time>.{json,md}; returns the JSON path. */
export function writeReport(summary: Summary, records: QuestionRecord[]): string {
  const dir = path.resolve("reports");
  mkdirSync(dir, { recursive: true });
  const stamp = new Date().toISOString().replace(/[:.]/g, "-");
  const base = path.join(dir, `eval-${summary.suite}-${summary.split}-${summary.method}-${summary.reasoner}-${stamp}`);
  writeFileSync(`${base}.json`, JSON.stringify({ summary, records }, null, 1));
  writeFileSync(`${base}.md`, markdown(summary, records));
  return `${base}.json`;
}

/** The summary as a table (printed last), or as the final JSON line. */
export function printSummary(summary: Summary, reportPath: string, json: boolean): void {
  if (json) {
    const line: Record<string, unknown> = {
      suite: summary.suite,
      split: summary.split,
      method: summary.method,
      reasoner: summary.reasoner,
      n: summary.n,
      accuracy: summary.accuracy,
    };
    if (summary.schema) line.schema = summary.schema;
    if (summary.cells) line.cells = summary.cells;
    if (summary.graph) line.graph = summary.graph;
    if (summary.selective) line.selective = summary.selective;
    Object.assign(line, breakdownJson(summary));
    if (summary.answerRecall)
      Object.assign(line, { answerRecall: summary.answerRecall, ndcg50: summary.ndcg50, ablations: summary.ablations });
    console.log(`report: ${reportPath}`);
    console.log(JSON.stringify(line));
    return;
  }
  const rows: Array<[string, string]> = [
    ["suite", `${summary.suite} (${summary.split})`],
    ["method / reasoner", `${summary.method} / ${summary.reasoner}`],
    ["questions", String(summary.n)],
    ["accuracy (EM / EX) %", summary.accuracy === null ? "-" : pct(summary.accuracy)],
  ];
  if (summary.schema)
    rows.push([
      `schema R / P / F2 / SR % (n=${summary.schemaN})`,
      [summary.schema.recall, summary.schema.precision, summary.schema.f2, summary.schema.strictRecall]
        .map(pct)
        .join(" / "),
    ]);
  if (summary.cells)
    rows.push([
      `cells R / P / F2 / SR % (n=${summary.cellsN})`,
      [summary.cells.recall, summary.cells.precision, summary.cells.f2, summary.cells.strictRecall]
        .map(pct)
        .join(" / "),
    ]);
  if (summary.selective) {
    const s = summary.selective;
    const p = (v: number | null) => (v === null ? "-" : pct(v));
    rows.push(
      ["answered: coverage / accuracy %", `${pct(s.coverage)} / ${p(s.answeredAccuracy)}`],
      ["unsure accuracy % / ECE", `${p(s.unsureAccuracy)} / ${s.ece.toFixed(4)}`],
    );
  }
  rows.push(...breakdownRows(summary));
  if (summary.graph)
    rows.push(["steps / nodes used per answer (mean)", `${summary.graph.steps} / ${summary.graph.nodes}`]);
  const ar = (m: { answerRecall: Record<string, number>; ndcg50: number; accuracy: number }) =>
    `${Object.entries(m.answerRecall)
      .map(([k, v]) => `@${k} ${pct(v)}`)
      .join("  ")}  nDCG@50 ${pct(m.ndcg50)}  EM ${pct(m.accuracy)}`;
  if (summary.answerRecall)
    rows.push([
      "AR@k %",
      ar({ answerRecall: summary.answerRecall, ndcg50: summary.ndcg50 ?? 0, accuracy: summary.accuracy ?? 0 }),
    ]);
  for (const [name, m] of Object.entries(summary.ablations ?? {})) rows.push([`  ablation ${name}`, ar(m)]);
  rows.push(
    ["time per question p50 / mean ms", `${summary.msP50} / ${summary.msMean}`],
    ["tokens in / out", `${summary.tokens.input} / ${summary.tokens.output}`],
    ["errors", String(summary.errors)],
    ["report", reportPath],
  );
  const w = Math.max(...rows.map((r) => r[0].length));
  console.log("");
  for (const [k, v] of rows) console.log(`${k.padEnd(w)}  ${v}`);
}
