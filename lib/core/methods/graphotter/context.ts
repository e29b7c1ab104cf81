import type { CellGraph, CellNode } from "../../cell-graph/graph";
import { graphText, type GraphText } from "../../cell-graph/match";
import type { TextEncoder } from "../../text";
import { dot } from "../../text";
import { readQuestion, type QuestionCues } from "./question";
import { inferHeaderRows } from "./reading";

/** Distinct values embedded for semantic retrieval; past this, retrieval is by keyword only. */
export const MAX_EMBEDDED_VALUES = 20_000;

/** What every GraphOTTER step may read: the graph, its text statistics, the question's cues, the encoder. */
export type GraphotterContext = {
  question: string;
  graph: CellGraph;
  text: GraphText;
  cues: QuestionCues;
  encoder: TextEncoder;
  /** Top rows read as column headers (see inferHeaderRows). */
  headerRows: number;
  /** Filled on first use: value → vector, and the query vectors asked so far. */
  vectors?: Map<string, Float32Array>;
};

export function createContext(question: string, graph: CellGraph, encoder: TextEncoder): GraphotterContext {
  return {
    question,
    graph,
    text: graphText(graph),
    cues: readQuestion(question),
    encoder,
    headerRows: inferHeaderRows(graph, graph.headerRows),
  };
}

/**
 * The text encoder's nearest cells to a text (cosine over distinct cell values), best first. Cells
 * sharing a value come together, in grid order. Used by trace initialisation and VisitNode.
 */
export async function nearestCells(
  ctx: GraphotterContext,
  query: string,
  k: number,
): Promise<Array<{ node: CellNode; score: number }>> {
  if (!ctx.vectors) {
    const values = [...new Set(ctx.graph.nodes.map((n) => n.value))].slice(0, MAX_EMBEDDED_VALUES);
    const vecs = await ctx.encoder.embed(values);
    ctx.vectors = new Map(values.map((v, i) => [v, vecs[i]]));
  }
  const [q] = await ctx.encoder.embed([query]);
  const scored = [...ctx.vectors.entries()]
    .map(([value, v]) => ({ value, score: dot(q, v) }))
    .sort((a, b) => b.score - a.score);
  const byValue = new Map<string, CellNode[]>();
  for (const n of ctx.graph.nodes) {
    const list = byValue.get(n.value);
    if (list) list.push(n);
    else byValue.set(n.value, [n]);
  }
  const out: Array<{ node: CellNode; score: number }> = [];
  for (const s of scored) {
    for (const node of byValue.get(s.value) ?? []) {
      if (out.length >= k) return out;
      out.push({ node, score: s.score });
    }
  }
  return out;
}
