// Runs one question through the method registry (lib/core/methods/registry.ts) and the one server
// adapter, in this thread, as a question's worker runs it: the same dataset context, ports and judge.
import type { SubTableRef } from "../../lib/core/eval/score-question.ts";
import type { FgtrResult } from "../../lib/core/methods/fgtr/run-fgtr.ts";
import type { MethodResult } from "../../lib/core/methods/module.ts";
import { findMethod, METHOD_MODULES } from "../../lib/core/methods/registry.ts";
import type { SqlResult } from "../../lib/core/retrieval/ports.ts";
import { createRecorder } from "../../lib/core/trace/index.ts";
import type { AnswerSignals } from "../../lib/core/reasoner/verdict/index.ts";
import { judgeAnswer } from "../../lib/server/confidence/assess-run.ts";
import { openDatasetContext } from "../../lib/server/methods/dataset-context.ts";
import { parseMethodParams } from "../../lib/server/methods/method-params.ts";
import { runMethod } from "../../lib/server/methods/run-method.ts";
import { getDataset } from "../../lib/server/stores/datasets.ts";
import type { EvalArgs } from "./args.mts";

export { columnKeys } from "../../lib/core/eval/score-question.ts";

/**
 * A method's result in the shape the suites read: its retrieval view (the columns it selected and
 * read, its tables and FGTR's sub-tables) with the answer, the answer query's rows and tokens.
 */
export type EvalResult = Pick<FgtrResult, "answer" | "selected" | "filled" | "tables" | "tokens"> & {
  subTables: SubTableRef[];
  result: SqlResult | null;
};

export type Outcome = { result: EvalResult | null; ms: number; error?: string; signals?: AnswerSignals | null };

export async function runQuestion(
  datasetId: string,
  question: string,
  args: EvalArgs,
  extraParams: Record<string, unknown> = {},
): Promise<Outcome> {
  const module = findMethod(args.method);
  if (!module)
    throw new Error(`Unknown method "${args.method}"; the registry has ${METHOD_MODULES.map((m) => m.id).join(", ")}.`);
  const viewOf = module.retrievalView;
  if (!viewOf)
    throw new Error(
      `Method "${args.method}" reports no retrieval to score here; use --method ` +
        `${METHOD_MODULES.filter((m) => "retrievalView" in m && m.retrievalView)
          .map((m) => m.id)
          .join(" or ")}.`,
    );
  const sink = createRecorder();
  const start = performance.now();
  try {
    const params = { ...extraParams, ...args.params };
    const dataset = await getDataset(datasetId);
    if (!dataset) throw new Error(`There is no dataset with id "${datasetId}".`);
    const context = openDatasetContext(dataset);
    const spec = { datasetId, method: args.method, question, reasoner: args.reasoner };
    const result = (await runMethod(context, { ...spec, params: parseMethodParams(module, params) }, sink, {
      module,
    })) as MethodResult & { result: SqlResult | null; tokens: { input: number; output: number } };
    const view = viewOf(result);
    // Judged as the app's run glue does, from the same trace.
    const judged = await judgeAnswer({ ...spec, params }, result.answer, sink.events, context);
    if (args.trace) printTrace(question, sink.events);
    return {
      result: {
        answer: judged.answer,
        selected: view.selected,
        filled: view.columns,
        tables: view.tables,
        subTables: view.subTables ?? [],
        result: result.result,
        tokens: result.tokens,
      },
      ms: performance.now() - start,
      signals: judged.signals,
    };
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

/** Characters of each event --trace prints (EVAL_TRACE_CHARS to read a whole candidate list). */
const TRACE_CHARS = Number(process.env.EVAL_TRACE_CHARS ?? 600);

/** One line per trace event, its type and the fields that say what happened (for --trace). */
function printTrace(question: string, events: readonly Record<string, unknown>[]): void {
  console.log(`\n=== ${question}`);
  for (const e of events) {
    if (e.type === "stage-start" || e.type === "stage-end" || e.type === "llm-call") continue;
    const { seq: _s, at: _a, stage, type, ...rest } = e;
    const shown = JSON.stringify(rest).slice(0, TRACE_CHARS);
    console.log(`  [${String(stage ?? "")}] ${String(type)} ${shown}`);
  }
}
