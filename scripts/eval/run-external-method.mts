// One external question through any of the four methods, as the ask route runs them, in one
// shape: answer values and text, the SQL run (FGTR, SGAM), the columns it selected, time and tokens.
import { createRecorder } from "../../lib/core/trace/index.ts";
import type { SubTableRef } from "../../lib/core/eval/score-question.ts";
import type { HeliosResult } from "../../lib/core/methods/helios/run-helios.ts";
import type { EvalArgs } from "./args.mts";
import { columnKeys, runQuestion } from "./run-question.mts";
import { runGraphotterQuestion } from "./run-graphotter.mts";

export type ExternalOutcome = {
  values: string[];
  text: string;
  sql: string | null;
  /** "table.column" keys of the columns the method chose (FGTR/SGAM) or read (GraphOTTER: its table). */
  selected: string[];
  filled: string[];
  /** FGTR's sub-tables (what cell retrieval is scored on); empty for the other methods. */
  subTables: SubTableRef[];
  ms: number;
  tokens: { input: number; output: number };
  error?: string;
};

async function runHelios(datasetId: string, question: string, args: EvalArgs): Promise<ExternalOutcome> {
  const { runMethodOnDataset } = await import("../../lib/server/methods/run-method.ts");
  const start = performance.now();
  try {
    const r = await runMethodOnDataset<HeliosResult>(
      datasetId,
      { method: "helios", question, reasoner: args.reasoner, params: args.params },
      createRecorder(),
    );
    const segments = [...new Set(r.ranked.slice(0, 10).map((e) => e.segment))];
    return {
      values: r.answer.values.map(String),
      text: r.answer.text,
      sql: null,
      selected: segments,
      filled: [],
      subTables: [],
      ms: performance.now() - start,
      tokens: r.tokens,
    };
  } catch (err) {
    return {
      values: [],
      text: "",
      sql: null,
      selected: [],
      filled: [],
      subTables: [],
      ms: performance.now() - start,
      tokens: { input: 0, output: 0 },
      error: err instanceof Error ? err.message : String(err),
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
      values: r.values,
      text: r.text,
      sql: null,
      selected: r.table ? [tableName(r.table).toLowerCase()] : [],
      filled: [],
      subTables: [],
      ms: r.ms,
      tokens: r.tokens,
      ...(r.error ? { error: r.error } : {}),
    };
  }
  const outcome = await runQuestion(datasetId, question, args);
  const r = outcome.result;
  return {
    values: (r?.answer.values ?? []).map((v) => String(v ?? "")),
    text: r?.answer.text ?? "",
    sql: r?.answer.sql ?? null,
    selected: r ? columnKeys(r.selected, tableName) : [],
    filled: r ? columnKeys(r.filled, tableName) : [],
    subTables: r?.subTables ?? [],
    ms: outcome.ms,
    tokens: r?.tokens ?? { input: 0, output: 0 },
    ...(outcome.error ? { error: outcome.error } : {}),
  };
}
