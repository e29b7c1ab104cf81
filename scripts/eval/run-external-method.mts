// One external question through any of the four methods, as the ask route runs them, in one
// shape: answer values and text, the SQL run and its rows (FGTR, SGAM), the columns it selected,
// the verdict the app gives the answer, time and tokens.
import { createRecorder } from "../../lib/core/trace/index.ts";
import type { SubTableRef } from "../../lib/core/eval/score-question.ts";
import type { HeliosResult } from "../../lib/core/methods/helios/run-helios.ts";
import type { EvalArgs } from "./args.mts";
import { columnKeys, runQuestion } from "./run-question.mts";
import { runGraphotterQuestion } from "./run-graphotter.mts";

type Verdict = "answered" | "unsure" | "no-answer";

export type ExternalOutcome = {
  values: string[];
  text: string;
  sql: string | null;
  /** Rows of the answer's SQL (FGTR, SGAM); null when the method ran none. */
  rows: unknown[][] | null;
  /** "table.column" keys of the columns the method chose (FGTR/SGAM) or read (GraphOTTER: its table). */
  selected: string[];
  filled: string[];
  /** FGTR's sub-tables (what cell retrieval is scored on); empty for the other methods. */
  subTables: SubTableRef[];
  ms: number;
  tokens: { input: number; output: number };
  /** The verdict on the answer as the app judges it (a failed run is "no-answer" at confidence 0). */
  verdict: Verdict;
  confidence: number;
  reason?: string;
  /** How the method read the question, when its answer event says (carried as given). */
  reading?: unknown;
  /** The signals the verdict was judged from (FGTR, SGAM): what the answer-confidence trainer fits on. */
  signals?: unknown;
  error?: string;
};

type JudgedAnswer = { confidence?: number; verdict?: Verdict; reason?: string };

/** The verdict fields of a judged answer, and its reading when the answer carries one. */
function judged(
  answer: JudgedAnswer | undefined,
  error?: string,
): Pick<ExternalOutcome, "verdict" | "confidence" | "reason" | "reading"> {
  if (!answer || answer.confidence === undefined)
    return { verdict: "no-answer", confidence: 0, reason: error ?? "the run failed" };
  const reading = (answer as { reading?: unknown }).reading;
  return {
    verdict: answer.verdict ?? "no-answer",
    confidence: answer.confidence,
    ...(answer.reason ? { reason: answer.reason } : {}),
    ...(reading !== undefined ? { reading } : {}),
  };
}

const FAILED = { values: [], text: "", sql: null, rows: null, selected: [], filled: [], subTables: [] };

async function runHelios(datasetId: string, question: string, args: EvalArgs): Promise<ExternalOutcome> {
  const { runMethodOnDataset } = await import("../../lib/server/methods/run-method.ts");
  const { withVerdict } = await import("../../lib/server/confidence/assess-run.ts");
  const sink = createRecorder();
  const start = performance.now();
  try {
    const r = await runMethodOnDataset<HeliosResult>(
      { datasetId, method: "helios", question, reasoner: args.reasoner, params: args.params },
      sink,
    );
    const { answer } = await withVerdict(
      { datasetId, question, method: "helios", reasoner: args.reasoner, params: args.params },
      r.answer,
      sink.events,
    );
    const segments = [...new Set(r.ranked.slice(0, 10).map((e) => e.segment))];
    return {
      ...FAILED,
      values: r.answer.values.map(String),
      text: r.answer.text,
      selected: segments,
      ms: performance.now() - start,
      tokens: r.tokens,
      ...judged(answer),
    };
  } catch (err) {
    const error = err instanceof Error ? err.message : String(err);
    return {
      ...FAILED,
      ms: performance.now() - start,
      tokens: { input: 0, output: 0 },
      ...judged(undefined, error),
      error,
    };
  }
}

/** Runs `question` on the imported dataset with args.method; `tableName` maps display names to source names. */
export async function runExternalMethod(
  datasetId: string,
  question: string,
  args: EvalArgs,
  tableName: (display: string) => string,
): Promise<ExternalOutcome> {
  if (args.method === "helios") return runHelios(datasetId, question, args);
  if (args.method === "graphotter") {
    const r = await runGraphotterQuestion(datasetId, question, args);
    return {
      ...FAILED,
      values: r.values,
      text: r.text,
      selected: r.table ? [tableName(r.table).toLowerCase()] : [],
      ms: r.ms,
      tokens: r.tokens,
      verdict: r.verdict,
      confidence: r.confidence,
      ...(r.reason ? { reason: r.reason } : {}),
      ...(r.reading !== undefined ? { reading: r.reading } : {}),
      ...(r.signals ? { signals: r.signals } : {}),
      ...(r.error ? { error: r.error } : {}),
    };
  }
  const outcome = await runQuestion(datasetId, question, args);
  const r = outcome.result;
  return {
    values: (r?.answer.values ?? []).map((v) => String(v ?? "")),
    text: r?.answer.text ?? "",
    sql: r?.answer.sql ?? null,
    rows: (r?.result?.rows as unknown[][] | undefined) ?? null,
    selected: r ? columnKeys(r.selected, tableName) : [],
    filled: r ? columnKeys(r.filled, tableName) : [],
    subTables: r?.subTables ?? [],
    ms: outcome.ms,
    tokens: r?.tokens ?? { input: 0, output: 0 },
    ...judged(r?.answer, outcome.error),
    ...(outcome.signals ? { signals: outcome.signals } : {}),
    ...(outcome.error ? { error: outcome.error } : {}),
  };
}
