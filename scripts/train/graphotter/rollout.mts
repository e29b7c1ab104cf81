// Walks a training question as a run does (trace initialisation, then one action per step on the
// cell graph) and records, at every state, the candidate actions with their features and the one
// the oracle would take: visit a gold label not yet in the trace, reach the gold cells (shared
// neighbours of a row and a column label, or a group header's whole line), then answer. With a
// policy model the walk follows the model instead (DAgger), still labelled by the oracle.
import { executeAction } from "../../../lib/core/methods/graphotter/actions.ts";
import { createContext, recordWalk } from "../../../lib/core/methods/graphotter/context.ts";
import { initTrace } from "../../../lib/core/methods/graphotter/init.ts";
import { GROUP_OPERATIONS } from "../../../lib/core/methods/graphotter/operation.ts";
import {
  type CandidateAction,
  candidateActions,
  candidateKey,
  type PolicyState,
} from "../../../lib/core/methods/graphotter/policy.ts";
import type { GraphotterModel } from "../../../lib/core/methods/graphotter/policy-model.ts";
import { bestInReach, type QuestionReading } from "../../../lib/core/methods/graphotter/question-reading.ts";
import { ReasoningTrace } from "../../../lib/core/methods/graphotter/trace.ts";
import { createHashedEncoder } from "../../../lib/core/text/index.ts";
import { nullSink } from "../../../lib/core/trace/recorder.ts";
import type { Decision } from "./fit.mts";
import type { GoldQuestion } from "./examples.mts";

const encoder = createHashedEncoder();
const MAX_STEPS = 10;

/**
 * The oracle's pick among the candidates (an index): reach the gold cells not yet observed (the
 * shared neighbours or line holding most of them, the fewest cells else; when no action in reach
 * holds one, visit a label whose lines do, a gold label first), read a group's line whole, answer.
 */
function oracle(
  ex: GoldQuestion,
  targets: readonly number[],
  labels: ReadonlySet<number>,
  pOf: (node: number) => number,
  state: PolicyState,
  cands: CandidateAction[],
): number {
  const pick = (f: (c: CandidateAction) => number) => {
    let best = -1;
    let score = 0;
    cands.forEach((c, i) => {
      const s = f(c);
      if (s > score) {
        score = s;
        best = i;
      }
    });
    return best;
  };
  const group = ex.operation !== null && GROUP_OPERATIONS.has(ex.operation);
  if (group && ex.group !== null && state.group === null) {
    const all = pick((c) => (c.action === "GetAllNeighbours" && c.nodes[0] === ex.group ? 1 : 0));
    if (all >= 0) return all;
    const visit = pick((c) => (c.action === "VisitNode" && c.nodes[0] === ex.group ? 1 : 0));
    if (visit >= 0) return visit;
  }
  const missing = new Set(targets.filter((c) => !state.observed.has(c)));
  if (missing.size && !(group && state.group !== null)) {
    const reach = pick((c) => {
      if (c.action !== "GetSharedNeighbours" && c.action !== "GetAllNeighbours") return 0;
      const hits = c.cells.filter((x) => missing.has(x)).length;
      return hits ? hits * 10_000 - c.cells.length - (c.action === "GetAllNeighbours" ? 5000 : 0) : 0;
    });
    if (reach >= 0) return reach;
    const { tree } = ex.index;
    const onLines = (node: number) => {
      const h = tree.headerOf.get(node);
      const n = ex.index.graph.nodes[node];
      return [...missing].some((m) => {
        const cell = tree.cells[m];
        if (h === undefined) return n.rows.includes(cell.row);
        return cell.rowPath.includes(h) || cell.colPath.includes(h);
      });
    };
    const visit = pick((c) =>
      c.action === "VisitNode" && onLines(c.nodes[0]) ? 1 + (labels.has(c.nodes[0]) ? 1 : 0) + pOf(c.nodes[0]) : 0,
    );
    if (visit >= 0) return visit;
  }
  return cands.length - 1;
}

/**
 * The cells a walk should reach: for a lookup the cell the cell model ranks first where the best
 * labels' lines meet (the answer the walk can give at best — reaching a gold cell the model ranks
 * lower changes nothing), for arithmetic and choices the gold operands, for group operations none.
 */
function walkTargets(ex: GoldQuestion, reading: QuestionReading): number[] {
  if (ex.operation !== "lookup" && ex.operation !== "negate") return ex.cells;
  const best = bestInReach(reading);
  return best === null ? [] : [best];
}

/** The gold labels of a question: its linked cells, or (when none is given) the named headers of its gold cells. */
export function goldLabels(ex: GoldQuestion, named: ReadonlyMap<number, { matched: string[] }>): Set<number> {
  if (ex.labels.length) return new Set([...ex.labels, ...(ex.group !== null ? [ex.group] : [])]);
  const { tree } = ex.index;
  const out = new Set<number>();
  for (const c of ex.cells)
    for (const h of [...tree.cells[c].rowPath, ...tree.cells[c].colPath]) {
      const n = tree.headers[h].node;
      if (named.get(n)?.matched.length) out.add(n);
    }
  return out;
}

/** One walk of a question: the decisions met, and the cells observed at the end. */
export async function rollout(
  ex: GoldQuestion,
  model: GraphotterModel,
  follow: "oracle" | "model",
): Promise<{ decisions: Decision[]; observed: Set<number>; group: number | null }> {
  const ctx = createContext(ex.question, ex.index.graph, encoder, model);
  const reading = ctx.reading();
  const labels = goldLabels(ex, reading.labels);
  const targets = walkTargets(ex, reading);
  const trace = new ReasoningTrace();
  const init = await initTrace(ctx, 8, { reasoner: "local", llm: null }, nullSink());
  trace.add(init.nodes, 0);
  recordWalk(ctx, "init", [], init.nodes);
  const done = new Set<string>();
  const decisions: Decision[] = [];
  for (let step = 1; step <= MAX_STEPS; step++) {
    const state: PolicyState = {
      trace: trace.nodes.map((n) => ctx.index.nodeIndex.get(n.id)!),
      observed: ctx.walk.observed,
      done,
      group: ctx.walk.group,
      step,
      maxSteps: MAX_STEPS,
    };
    const cands = candidateActions(reading, state);
    const chosen = oracle(ex, targets, labels, (n) => reading.labels.get(n)?.p ?? 0, state, cands);
    decisions.push({ x: cands.map((c) => c.x), chosen });
    const taken = follow === "oracle" ? cands[chosen] : cands.reduce((b, c) => (c.score > b.score ? c : b));
    if (taken.action === "AnswerQuestion") break;
    done.add(candidateKey(taken));
    const call = { action: taken.action, args: taken.nodes.map((n) => ctx.graph.nodes[n].id) };
    const obs = await executeAction(ctx, call);
    recordWalk(ctx, call.action, call.args, obs.nodes);
    if (call.action === "VisitNode") trace.add(obs.visited, step);
    else if (call.action === "GetSharedNeighbours") {
      const [a, b] = taken.nodes.map((n) => ctx.graph.nodes[n]);
      trace.addShared(a, b, obs.nodes, step);
    }
  }
  return { decisions, observed: ctx.walk.observed, group: ctx.walk.group };
}
