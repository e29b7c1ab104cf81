import type { CellGraph, CellNode } from "../../cell-graph/graph";
import type { LlmPort } from "../../reasoner/llm-port";
import { runStep } from "../../reasoner/run-step";
import type { TextEncoder } from "../../text";
import type { Reasoner } from "../../trace/atoms";
import type { Answer, EvidenceCell } from "../../trace/kinds-run";
import { runStage, type EventSink } from "../../trace/sink";
import { actionKey, executeAction } from "./actions";
import { answerStep } from "./answer";
import { createContext, type GraphotterContext, recordWalk } from "./context";
import { initTrace } from "./init";
import { parseGraphotterParams, type GraphotterParamsInput } from "./params";
import { tableText } from "./table-text";
import { thoughtActionStep, type HistoryItem } from "./thought-action";
import { ReasoningTrace, traceText, tupleText } from "./trace";
import { labelsOf, traceUpdate } from "./events";
import type { GraphotterModel } from "./policy-model";
import { walkEvidence } from "./walk-evidence";

export type GraphotterPorts = {
  reasoner: Reasoner;
  /** The learned local policy (models/graphotter-policy.json); the untrained one when absent. */
  model?: GraphotterModel;
  llm: LlmPort | null;
  encoder: TextEncoder;
  signal?: AbortSignal;
  /** The dataset cell behind a node (data rows only), for the heatmap's evidence outline. */
  evidenceOf?: (node: CellNode) => EvidenceCell | null;
};

export type GraphotterResult = {
  answer: Answer;
  /** Actions taken, AnswerQuestion included (the paper's iterations, Figure 4). */
  steps: number;
  /** Nodes the answer step was given (the paper's "nodes used", Figure 3). */
  nodesUsed: number;
  tokens: { input: number; output: number };
};

/** Nodes handed to the answer step at most. */
const MAX_ANSWER_NODES = 20_000;
/** Repeats tolerated before the loop answers with what it has. */
const MAX_REPEATS = 2;

/**
 * GraphOTTER (Li et al., §3, Algorithm 1) on one table's cell graph: initialise the reasoning
 * trace with ≤ k cells, loop Thought → Action → Update until AnswerQuestion or the step limit
 * (a repeated action is not run again; the reasoner is told and, after two repeats, the loop
 * answers), then answer from the trace only. Emits cell-graph, trace-init, graph-action and
 * trace-update events; the run's spine emits the answer.
 */
export async function runGraphotter(
  question: string,
  graph: CellGraph,
  table: string,
  rawParams: GraphotterParamsInput | undefined,
  ports: GraphotterPorts,
  sink: EventSink,
): Promise<GraphotterResult> {
  const params = parseGraphotterParams(rawParams);
  const tokens = { input: 0, output: 0 };
  const addTokens = (u: { inputTokens?: number; outputTokens?: number }) => {
    tokens.input += u.inputTokens ?? 0;
    tokens.output += u.outputTokens ?? 0;
  };
  const common = { reasoner: ports.reasoner, llm: ports.llm, signal: ports.signal };
  const ctx: GraphotterContext = createContext(question, graph, ports.encoder, ports.model);
  for (const issue of graph.issues) sink.emit({ type: "warning", code: "merge_ignored", message: issue });
  if (!graph.nodes.length) {
    sink.emit({
      type: "warning",
      code: "empty_table",
      message: `Table "${table}" has no non-blank cell, so there is nothing to reason over.`,
    });
    return {
      answer: {
        text: "The table has no cells to reason over.",
        values: [],
        evidence: [],
        operation: "lookup",
        explanation: "The table is empty.",
      },
      steps: 0,
      nodesUsed: 0,
      tokens,
    };
  }

  const trace = new ReasoningTrace();
  await runStage(
    sink,
    "trace-init",
    async (s) => {
      const init = await initTrace(ctx, params.initCells, common, s);
      addTokens(init.usage);
      trace.add(init.nodes, 0);
      recordWalk(ctx, "init", [], init.nodes);
      s.emit(traceUpdate(trace));
    },
    `Trace initialisation (≤ ${params.initCells} cells)`,
  );

  const history: HistoryItem[] = [];
  const observed = new Map<string, CellNode>();
  const done = new Set<string>();
  let repeats = 0;
  let warning: string | undefined;
  await runStage(
    sink,
    "reasoning",
    async (s) => {
      const step = thoughtActionStep(ctx);
      for (let n = 1; n <= params.maxSteps; n++) {
        const input = {
          question,
          table: tableText(ctx, trace.nodes),
          trace: traceText(trace, (id) => graph.byId.get(id)),
          traceIds: trace.nodes.map((x) => x.id),
          history,
          step: n,
          maxSteps: params.maxSteps,
          ...(warning ? { warning } : {}),
        };
        const r = await runStep(step, input, { ...common, sink: s });
        addTokens(r.usage);
        const call = { action: r.output.action, args: r.output.args };
        const base = {
          type: "graph-action" as const,
          reasoner: r.reasoner,
          step: n,
          thought: r.output.thought,
          action: call.action,
          args: call.args.slice(0, 2),
        };
        if (call.action === "AnswerQuestion") {
          s.emit({ ...base, resultNodes: [], observation: "Answering from the trace." });
          history.push({ step: n, thought: r.output.thought, action: call.action, args: [], observation: "" });
          return;
        }
        const key = actionKey(call);
        if (done.has(key)) {
          repeats++;
          warning =
            `${call.action}(${call.args.join(", ")}) was already done at an earlier step; ` +
            `its result is in the history. Choose a different action or answer.`;
          s.emit({ ...base, resultNodes: [], observation: "Repeated action: not run again.", repeated: true });
          history.push({
            step: n,
            thought: r.output.thought,
            action: call.action,
            args: call.args,
            observation: "(repeated; not run again)",
          });
          if (repeats >= MAX_REPEATS) {
            s.emit({
              type: "warning",
              code: "repeated_actions",
              message: `The reasoner repeated actions ${repeats} times; answering from the trace so far.`,
            });
            return;
          }
          continue;
        }
        done.add(key);
        warning = undefined;
        const obs = await executeAction(ctx, call);
        recordWalk(ctx, call.action, call.args, obs.nodes);
        if (call.action === "VisitNode") trace.add(obs.visited, n);
        else if (call.action === "GetSharedNeighbours") {
          const [a, b] = call.args.map((id) => graph.byId.get(id.trim()));
          if (a && b) trace.addShared(a, b, obs.nodes, n);
        }
        for (const node of obs.nodes) if (observed.size < MAX_ANSWER_NODES) observed.set(node.id, node);
        const shown = obs.nodes
          .slice(0, 30)
          .map((x) => tupleText(x, 60))
          .join(", ");
        const observation = `${obs.note}${
          shown ? ` ${shown}${obs.nodes.length > 30 ? `, … ${obs.nodes.length - 30} more` : ""}` : ""
        }`;
        const named = [
          ...call.args.map((id) => graph.byId.get(id.trim())).filter((x): x is CellNode => !!x),
          ...obs.nodes.slice(0, 200),
        ];
        s.emit({
          ...base,
          resultNodes: obs.nodes.slice(0, 2000).map((x) => x.id),
          resultCount: obs.nodes.length,
          observation: obs.note,
          labels: labelsOf(named),
        });
        s.emit(traceUpdate(trace));
        history.push({ step: n, thought: r.output.thought, action: call.action, args: call.args, observation });
      }
      s.emit({
        type: "warning",
        code: "max_steps",
        message: `GraphOTTER reached its limit of ${params.maxSteps} steps; it answers from the trace so far.`,
      });
    },
    "Thought → Action → Update",
  );

  const answered = await runStage(
    sink,
    "answer",
    async (s) => {
      const nodes = new Map<string, CellNode>(trace.nodes.map((x) => [x.id, x]));
      for (const [id, x] of observed) if (nodes.size < MAX_ANSWER_NODES) nodes.set(id, x);
      const historyText = history
        .map((h) => `Step ${h.step}: ${h.action}(${h.args.join(", ")}) — ${h.observation.slice(0, 600)}`)
        .join("\n");
      const r = await runStep(
        answerStep(ctx),
        {
          question,
          nodes: [...nodes.values()],
          history: historyText,
          grid: { rows: graph.rowCount, cols: graph.colCount, headerRows: ctx.headerRows },
        },
        { ...common, sink: s },
      );
      addTokens(r.usage);
      return { out: r.output, nodesUsed: nodes.size };
    },
    "Answer from the trace",
  );

  const out = answered.out;
  const cells = out.cells.map((id) => graph.byId.get(id)).filter((x): x is CellNode => !!x);
  const evidence = ports.evidenceOf ? cells.map(ports.evidenceOf).filter((e): e is EvidenceCell => !!e) : [];
  const text = out.answer.length ? out.answer.join(", ") : "No cell of the table matches the question.";
  return {
    answer: {
      text,
      values: out.answer,
      evidence,
      operation: out.operation,
      explanation: out.explanation,
      cells: cells.map((c) => ({ node: c.id, value: c.value.slice(0, 200) })),
      walk: walkEvidence(ctx, out, cells, history.length),
    },
    steps: history.length,
    nodesUsed: answered.nodesUsed,
    tokens,
  };
}
