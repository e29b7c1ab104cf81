import { z } from "zod";
import { subGraph } from "../../cell-graph/graph";
import { graphText } from "../../cell-graph/match";
import { defineStep } from "../../reasoner/step";
import { answerPrompt } from "./prompts/answer";
import { OPERATIONS, readQuestion } from "./question";
import { solve } from "./solve";
import { tupleText } from "./trace";

export const traceNode = z.object({
  id: z.string(),
  rows: z.array(z.number().int().nonnegative()).min(1),
  cols: z.array(z.number().int().nonnegative()).min(1),
  value: z.string(),
});

export const answerInput = z.object({
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
export type AnswerInput = z.infer<typeof answerInput>;

export const answerOutput = z.object({
  cells: z.array(z.string()).max(200),
  operation: z.enum(OPERATIONS),
  explanation: z.string(),
  answer: z.array(z.string()).max(50),
});
export type AnswerOutput = z.infer<typeof answerOutput>;

/** Nodes shown to the model in the answer prompt at most. */
const MAX_ANSWER_PROMPT_NODES = 400;

/**
 * GraphOTTER answer generation (§3.4): from the trace only. Local: rebuilds a graph of just the
 * trace's nodes (keeping their grid positions) and reads it as the planner read the whole table —
 * labels named by the question, the cells they point at, the operation asked for.
 */
export const answerStep = defineStep({
  name: "graphotter.answer",
  input: answerInput,
  output: answerOutput,
  local: (input) => {
    const g = subGraph(
      { rowCount: input.grid.rows, colCount: input.grid.cols, headerRows: input.grid.headerRows },
      input.nodes,
    );
    const sol = g.nodes.length ? solve(g, graphText(g), readQuestion(input.question), input.grid.headerRows) : null;
    if (!sol)
      return {
        cells: [],
        operation: "lookup" as const,
        explanation: "No cell in the reasoning trace matches the question, so there is no answer to give.",
        answer: [],
      };
    return {
      cells: [...sol.cells, ...sol.labels].map((i) => g.nodes[i].id),
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
