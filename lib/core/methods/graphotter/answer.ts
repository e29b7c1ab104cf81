import { z } from "zod";
import { defineStep } from "../../reasoner/step";
import { answerPrompt } from "./prompts/answer";
import { answerFromCells } from "./aggregate";
import type { GraphotterContext } from "./context";
import { OPERATIONS } from "./question";
import { tupleText } from "./trace";

const traceNode = z.object({
  id: z.string(),
  rows: z.array(z.number().int().nonnegative()).min(1),
  cols: z.array(z.number().int().nonnegative()).min(1),
  value: z.string(),
});

const answerInput = z.object({
  question: z.string().min(1),
  /** The trace's nodes and the nodes the actions observed: all the answer may use. */
  nodes: z.array(traceNode).max(20_000),
  history: z.string(),
  grid: z.object({
    rows: z.number().int().nonnegative(),
    cols: z.number().int().nonnegative(),
    headerRows: z.number().int().nonnegative(),
  }),
});

const answerOutput = z.object({
  cells: z.array(z.string()).max(200),
  operation: z.enum(OPERATIONS),
  explanation: z.string(),
  answer: z.array(z.string()).max(50),
});

/** Nodes shown to the model in the answer prompt at most. */
const MAX_ANSWER_PROMPT_NODES = 400;

/**
 * GraphOTTER answer generation (§3.4): from the trace only. Local: the body cells among the trace's
 * nodes and observations, read with the learned models — the operation asked for applied to them
 * (aggregate.ts). llm: the answer prompt over the same nodes.
 */
export function answerStep(ctx: GraphotterContext) {
  return defineStep({
    name: "graphotter.answer",
    input: answerInput,
    output: answerOutput,
    local: (input) => {
      const reading = ctx.reading();
      const cells = input.nodes
        .map((n) => ctx.index.nodeIndex.get(n.id))
        .map((i) => (i === undefined ? undefined : ctx.index.tree.cellOf.get(i)))
        .filter((c): c is number => c !== undefined);
      const sol = answerFromCells(reading, cells, ctx.walk.group);
      if (!sol)
        return {
          cells: [],
          operation: "lookup" as const,
          explanation: "No cell in the reasoning trace matches the question, so there is no answer to give.",
          answer: [],
        };
      return {
        cells: [...sol.cells, ...sol.labels].map((i) => ctx.graph.nodes[i].id),
        operation: sol.operation,
        explanation: sol.explanation,
        answer: sol.answer,
      };
    },
    prompt: (input) =>
      answerPrompt(
        input.question,
        input.nodes
          .slice(0, MAX_ANSWER_PROMPT_NODES)
          .map((n) => tupleText(n))
          .join("\n"),
        input.history,
      ),
    check: (output, input) => {
      const ids = new Set(input.nodes.map((n) => n.id));
      return output.cells.filter((c) => !ids.has(c)).map((c) => `cell ${c} is not in the reasoning trace`);
    },
  });
}
