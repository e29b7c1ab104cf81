// Runs one question through the method registry's GraphOTTER entry and the one server adapter, in
// this thread, as a question's worker runs it.
import type { GraphotterResult } from "../../lib/core/methods/graphotter/run-graphotter.ts";
import { createRecorder } from "../../lib/core/trace/index.ts";
import { withVerdict } from "../../lib/server/confidence/assess-run.ts";
import { runMethodOnDataset } from "../../lib/server/methods/run-method.ts";
import type { EvalArgs } from "./args.mts";

export type GraphotterOutcome = {
  values: string[];
  text: string;
  steps: number;
  nodes: number;
  /** The table GraphOTTER chose to read. */
  table?: string;
  ms: number;
  tokens: { input: number; output: number };
  error?: string;
  confidence: number;
  verdict: "answered" | "unsure" | "no-answer";
  reason?: string;
  /** The verdict's signals, for calibrating it (the answer-confidence trainer). */
  signals?: unknown;
  /** How the method read the question, when its answer says (carried as given). */
  reading?: unknown;
};

export async function runGraphotterQuestion(
  datasetId: string,
  question: string,
  args: EvalArgs,
  extraParams: Record<string, unknown> = {},
): Promise<GraphotterOutcome> {
  const sink = createRecorder();
  const start = performance.now();
  try {
    const params = { ...extraParams, ...args.params };
    const r = await runMethodOnDataset<GraphotterResult & { table: string }>(
      { datasetId, method: "graphotter", question, reasoner: args.reasoner, params },
      sink,
    );
    const { answer: a, signals } = await withVerdict(
      { datasetId, question, method: "graphotter", reasoner: args.reasoner, params },
      r.answer,
      sink.events,
    );
    return {
      values: r.answer.values.map(String),
      text: r.answer.text,
      steps: r.steps,
      nodes: r.nodesUsed,
      table: r.table,
      ms: performance.now() - start,
      tokens: r.tokens,
      confidence: a.confidence ?? 0,
      verdict: a.verdict ?? "no-answer",
      reason: a.reason,
      ...(signals ? { signals } : {}),
      ...("reading" in a ? { reading: (a as { reading?: unknown }).reading } : {}),
    };
  } catch (err) {
    return {
      values: [],
      text: "",
      steps: 0,
      nodes: 0,
      ms: performance.now() - start,
      tokens: { input: 0, output: 0 },
      error: err instanceof Error ? err.message : String(err),
      confidence: 0,
      verdict: "no-answer",
    };
  }
}
