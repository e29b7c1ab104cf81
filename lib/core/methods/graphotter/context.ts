import type { CellGraph, CellNode } from "../../cell-graph/graph";
import type { GraphText } from "../../cell-graph/match";
import { dot, type TextEncoder } from "../../text";
import { alignModel, type GraphotterModel, UNTRAINED_GRAPHOTTER_MODEL } from "./policy-model";
import { type QuestionReading, readOnTable } from "./question-reading";
import { type TableIndex, tableIndexOf } from "./table-index";

/** Distinct values embedded for semantic retrieval; past this, retrieval is by keyword only. */
const MAX_EMBEDDED_VALUES = 20_000;

/** The walk so far, as every reasoner's run updates it: body cells observed and the group read whole. */
type WalkState = { observed: Set<number>; group: number | null };

/**
 * What every GraphOTTER step may read: the graph and its index (kept per table), the question's
 * reading, the encoder.
 */
export type GraphotterContext = {
  question: string;
  graph: CellGraph;
  index: TableIndex;
  text: GraphText;
  encoder: TextEncoder;
  model: GraphotterModel;
  /** Top rows read as column headers (the header tree's). */
  headerRows: number;
  /** The learned models' reading of the question (computed on first use). */
  reading: () => QuestionReading;
  walk: WalkState;
};

/** Creates a question's context; the table index is built once per graph and reused. */
export function createContext(
  question: string,
  graph: CellGraph,
  encoder: TextEncoder,
  model: GraphotterModel = UNTRAINED_GRAPHOTTER_MODEL,
): GraphotterContext {
  const index = tableIndexOf(graph);
  model = alignModel(model);
  let reading: QuestionReading | null = null;
  return {
    question,
    graph,
    index,
    text: index.text,
    encoder,
    model,
    headerRows: index.tree.topRows,
    reading: () => (reading ??= readOnTable(index, question, model, encoder)),
    walk: { observed: new Set(), group: null },
  };
}

/** Body cells one action's result may add to the walk at most. */
const MAX_OBSERVED = 20_000;

/** Adds what an action returned to the walk: its body cells observed, the header read whole. */
export function recordWalk(
  ctx: GraphotterContext,
  action: string,
  args: readonly string[],
  nodes: readonly CellNode[],
): void {
  for (const node of nodes.slice(0, MAX_OBSERVED)) {
    const cell = ctx.index.tree.cellOf.get(ctx.index.nodeIndex.get(node.id) ?? -1);
    if (cell !== undefined) ctx.walk.observed.add(cell);
  }
  if (action === "GetAllNeighbours") ctx.walk.group = ctx.index.nodeIndex.get(args[0]?.trim() ?? "") ?? null;
}

type ValueVectors = { values: string[]; vectors: Float32Array[]; byValue: Map<string, number[]> };
const valueVectors = new WeakMap<TableIndex, ValueVectors>();

/** The encoder's vectors of a table's distinct cell values: computed once per table and kept. */
async function vectorsOf(ctx: GraphotterContext): Promise<ValueVectors> {
  let v = valueVectors.get(ctx.index);
  if (!v) {
    const byValue = new Map<string, number[]>();
    ctx.graph.nodes.forEach((n, i) => {
      const list = byValue.get(n.value);
      if (list) list.push(i);
      else if (byValue.size < MAX_EMBEDDED_VALUES) byValue.set(n.value, [i]);
    });
    const values = [...byValue.keys()];
    v = { values, vectors: await ctx.encoder.embed(values), byValue };
    valueVectors.set(ctx.index, v);
  }
  return v;
}

/**
 * The encoder's nearest cells to a text (cosine over distinct cell values), best first. Cells
 * sharing a value come together, in grid order. Used by trace initialisation and VisitNode.
 */
export async function nearestCells(
  ctx: GraphotterContext,
  query: string,
  k: number,
): Promise<Array<{ node: CellNode; score: number }>> {
  const v = await vectorsOf(ctx);
  const [q] = await ctx.encoder.embed([query]);
  const scored = v.values.map((value, i) => ({ value, score: dot(q, v.vectors[i]) })).sort((a, b) => b.score - a.score);
  const out: Array<{ node: CellNode; score: number }> = [];
  for (const s of scored) {
    for (const i of v.byValue.get(s.value) ?? []) {
      if (out.length >= k) return out;
      out.push({ node: ctx.graph.nodes[i], score: s.score });
    }
  }
  return out;
}
