// Runs one question through the app's method registry (lib/server/ask/methods.ts), as the ask route does.
import { createRecorder } from "../../lib/core/trace/index.ts";
import type { FgtrResult } from "../../lib/core/methods/fgtr/run-fgtr.ts";
import type { SgamResult } from "../../lib/core/methods/sgam/run-sgam.ts";
import { METHODS } from "../../lib/server/ask/methods.ts";
import type { AnswerSignals } from "../../lib/core/confidence/index.ts";
import { withVerdict } from "../../lib/server/confidence/assess-run.ts";
import type { EvalArgs } from "./args.mts";

export { columnKeys } from "../../lib/core/eval/score-question.ts";

/**
 * SGAM's result in the shape the suites read: its retrieved attributes are the "selected"
 * columns, the attributes plus the paths' keys the "filled" ones. It builds no sub-tables, so
 * cell metrics do not apply to it.
 */
function asResult(r: SgamResult): FgtrResult {
  return {
    answer: r.answer,
    parsed: null,
    selected: r.attributes.map((a) => ({ table: a.table, column: a.column })),
    filled: r.columns,
    tables: r.tables,
    ranges: [],
    subTables: [],
    result: r.result,
    tokens: r.tokens,
  };
}

/** The retrieval view the suites score, per method that has one (the others answer only). */
const RETRIEVAL_VIEWS = {
  fgtr: (
    datasetId: string,
    question: string,
    args: EvalArgs,
    params: Record<string, unknown>,
    sink: ReturnType<typeof createRecorder>,
  ) => METHODS.fgtr.run(datasetId, question, args.reasoner, METHODS.fgtr.paramsSchema.parse(params), sink, {}),
  sgam: async (
    datasetId: string,
    question: string,
    args: EvalArgs,
    params: Record<string, unknown>,
    sink: ReturnType<typeof createRecorder>,
  ) =>
    asResult(
      await METHODS.sgam.run(datasetId, question, args.reasoner, METHODS.sgam.paramsSchema.parse(params), sink, {}),
    ),
} satisfies Partial<Record<keyof typeof METHODS, unknown>>;

export type Outcome = { result: FgtrResult | null; ms: number; error?: string; signals?: AnswerSignals | null };

export async function runQuestion(
  datasetId: string,
  question: string,
  args: EvalArgs,
  extraParams: Record<string, unknown> = {},
): Promise<Outcome> {
  if (!(args.method in METHODS))
    throw new Error(`Unknown method "${args.method}"; the registry has ${Object.keys(METHODS).join(", ")}.`);
  const view = RETRIEVAL_VIEWS[args.method as keyof typeof RETRIEVAL_VIEWS];
  if (!view)
    throw new Error(
      `Method "${args.method}" reports no retrieval to score here; use ` +
        `--method ${Object.keys(RETRIEVAL_VIEWS).join(" or ")}.`,
    );
  const sink = createRecorder();
  const start = performance.now();
  try {
    const params = { ...extraParams, ...args.params };
    const result = await view(datasetId, question, args, params, sink);
    // Judged as the app's run glue does, from the same trace.
    const judged = await withVerdict(
      { datasetId, question, method: args.method, reasoner: args.reasoner, params },
      result.answer,
      sink.events,
    );
    if (args.trace) printTrace(question, sink.events);
    return { result: { ...result, answer: judged.answer }, ms: performance.now() - start, signals: judged.signals };
  } catch (err) {
    return { result: null, ms: performance.now() - start, error: err instanceof Error ? err.message : String(err) };
  }
}

/** The verdict fields of an eval record (absent when the run failed before answering). */
export function verdictFields(outcome: Outcome): {
  confidence?: number;
  verdict?: "answered" | "unsure" | "no-answer";
  reason?: string;
  signals?: AnswerSignals;
} {
  const a = outcome.result?.answer;
  if (!a || a.confidence === undefined)
    return { confidence: 0, verdict: "no-answer", reason: outcome.error ?? "the run failed" };
  return {
    confidence: a.confidence,
    verdict: a.verdict,
    reason: a.reason,
    ...(outcome.signals ? { signals: outcome.signals } : {}),
  };
}

/** One line per trace event, its type and the fields that say what happened (for --trace). */
function printTrace(question: string, events: readonly Record<string, unknown>[]): void {
  console.log(`\n=== ${question}`);
  for (const e of events) {
    if (e.type === "stage-start" || e.type === "stage-end" || e.type === "llm-call") continue;
    const { seq: _s, at: _a, stage, type, ...rest } = e;
    console.log(`  [${String(stage ?? "")}] ${String(type)} ${JSON.stringify(rest).slice(0, 600)}`);
  }
}
