import type { CellNode } from "../../cell-graph/graph";
import type { LlmPort, LlmUsage } from "../../reasoner/llm-port";
import { runStep } from "../../reasoner/run-step";
import type { Reasoner } from "../../trace/atoms";
import type { EventSink } from "../../trace/sink";
import { nearestCells, type GraphotterContext } from "./context";
import { labelsOf } from "./events";
import { initTraceStep } from "./init-trace";
import { MAX_PROMPT_CELLS, tableText } from "./table-text";

/** The encoder's list is this many times k long before intersecting (A.3.1 filters a retriever's top cells). */
const NEAREST_FACTOR = 4;

/**
 * Trace initialisation (§3.2, A.3.1): the reasoner's chosen cells ∩ the encoder's nearest cells,
 * in the reasoner's order, at most k. When fewer than min(3, k) survive, the rest is filled from
 * the reasoner's choice, then from the encoder's list, and the event says so.
 */
export async function initTrace(
  ctx: GraphotterContext,
  k: number,
  common: { reasoner: Reasoner; llm: LlmPort | null; signal?: AbortSignal },
  sink: EventSink,
): Promise<{ nodes: CellNode[]; usage: LlmUsage }> {
  const g = ctx.graph;
  const nearest = await nearestCells(ctx, ctx.question, k * NEAREST_FACTOR);
  const focus = nearest.slice(0, 10).map((x) => x.node);
  const table = tableText(ctx, focus);
  const ids =
    g.nodes.length <= MAX_PROMPT_CELLS
      ? g.nodes.map((n) => n.id)
      : [...table.matchAll(/^\[(r\d+c\d+)\]/gm)].map((m) => m[1]);
  const r = await runStep(initTraceStep(ctx), { question: ctx.question, table, k, ids }, { ...common, sink });
  const chosen = r.output.cells.map((c) => g.byId.get(c.id)).filter((n): n is CellNode => !!n);
  const nearIds = new Set(nearest.map((x) => x.node.id));
  let nodes = chosen.filter((n) => nearIds.has(n.id)).slice(0, k);
  const fallback = nodes.length < Math.min(3, k);
  if (fallback) {
    const seen = new Set(nodes.map((n) => n.id));
    for (const n of [...chosen, ...nearest.map((x) => x.node)]) {
      if (nodes.length >= k) break;
      if (!seen.has(n.id)) {
        seen.add(n.id);
        nodes.push(n);
      }
    }
  }
  nodes = nodes.slice(0, k);
  sink.emit({
    type: "trace-init",
    reasoner: r.reasoner,
    k,
    nodes: nodes.map((n) => n.id),
    chosen: chosen.slice(0, 200).map((n) => n.id),
    nearest: nearest.slice(0, 200).map((x) => x.node.id),
    fallback,
    labels: labelsOf([...nodes, ...chosen.slice(0, 50), ...nearest.slice(0, 50).map((x) => x.node)]),
  });
  return { nodes, usage: r.usage };
}
