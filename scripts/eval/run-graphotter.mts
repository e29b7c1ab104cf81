// Runs one question through the app's GraphOTTER path (runGraphotterOnDataset), as the ask route does.
import { createRecorder } from "../../lib/core/trace/index.ts";
import { runGraphotterOnDataset } from "../../lib/server/methods/graphotter/index.ts";
import { withVerdict } from "../../lib/server/confidence/assess-run.ts";
import type { EvalArgs } from "./args.mts";

export type GraphotterOutcome = {
  values: string[];
  text: string;
  steps: number;
  nodes: number;
  ms: number;
  tokens: { input: number; output: number };
  error?: string;
  confidence: number;
  verdict: "answered" | "unsure" | "no-answer";
  reason?: string;
};

export async function runGraphotterQuestion(datasetId: string, question: string, args: EvalArgs, extraParams: Record<string, unknown> = {}): Promise<GraphotterOutcome> {
  const sink = createRecorder();
  const start = performance.now();
  try {
    const params = { ...extraParams, ...args.params };
    const r = await runGraphotterOnDataset(datasetId, question, args.reasoner, params, sink);
    const { answer: a } = await withVerdict({ datasetId, question, method: "graphotter", reasoner: args.reasoner, params }, r.answer, sink.events);
    return { values: r.answer.values.map(String), text: r.answer.text, steps: r.steps, nodes: r.nodesUsed, ms: performance.now() - start, tokens: r.tokens, confidence: a.confidence ?? 0, verdict: a.verdict ?? "no-answer", reason: a.reason };
  } catch (err) {
    return { values: [], text: "", steps: 0, nodes: 0, ms: performance.now() - start, tokens: { input: 0, output: 0 }, error: err instanceof Error ? err.message : String(err), confidence: 0, verdict: "no-answer" };
  }
}
