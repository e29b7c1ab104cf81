import { z } from "zod";
import { defineStep } from "../../reasoner/step";
import { graphActionSchema } from "../../trace/kinds-graph";
import type { GraphotterContext } from "./context";
import { chooseAction } from "./policy";
import { thoughtFor } from "./policy-thought";
import { cellProbability } from "./question-reading";
import { thoughtActionPrompt } from "./prompts/thought-action";

const historyItem = z.object({
  step: z.number().int().positive(),
  thought: z.string(),
  action: graphActionSchema,
  args: z.array(z.string()),
  observation: z.string(),
});
export type HistoryItem = z.infer<typeof historyItem>;

const thoughtActionInput = z.object({
  question: z.string().min(1),
  table: z.string(),
  trace: z.string(),
  /** Ids of the nodes in the trace (the local policy reads them; the prompt shows `trace`). */
  traceIds: z.array(z.string()),
  history: z.array(historyItem),
  step: z.number().int().positive(),
  maxSteps: z.number().int().positive(),
  /** Set when the previous action repeated an earlier one. */
  warning: z.string().optional(),
});
export type ThoughtActionInput = z.infer<typeof thoughtActionInput>;

const thoughtActionOutput = z.object({
  thought: z.string().min(1),
  action: graphActionSchema,
  args: z.array(z.string()).max(2),
});

const ARITY = { VisitNode: 1, GetAllNeighbours: 1, GetSharedNeighbours: 2, AnswerQuestion: 0 } as const;

/**
 * GraphOTTER's Thought → Action (§3.3) as one typed step. Local: the learned policy scores every
 * candidate action in the current state (trace, cells observed, actions done) and takes the best
 * (policy.ts). llm: thought and action as structured output.
 */
export function thoughtActionStep(ctx: GraphotterContext) {
  return defineStep({
    name: "graphotter.thought-action",
    input: thoughtActionInput,
    output: thoughtActionOutput,
    local: (input) => {
      const reading = ctx.reading();
      const idx = (id: string) => ctx.index.nodeIndex.get(id.trim());
      const trace = input.traceIds.map(idx).filter((i): i is number => i !== undefined);
      const done = new Set(
        input.history.map((h) => {
          const nodes = h.args.map(idx).filter((i): i is number => i !== undefined);
          return `${h.action}(${nodes.sort((a, b) => a - b).join("|")})`;
        }),
      );
      const state = {
        trace,
        observed: ctx.walk.observed,
        done,
        group: ctx.walk.group,
        step: input.step,
        maxSteps: input.maxSteps,
      };
      const choice = chooseAction(reading, state);
      const best = [...ctx.walk.observed].reduce((m, c) => Math.max(m, cellProbability(reading, c)), 0);
      const args = choice.nodes.map((n) => ctx.graph.nodes[n].id);
      return { thought: thoughtFor(reading, choice, best), action: choice.action, args };
    },
    prompt: (input) => thoughtActionPrompt(input),
    check: (output) =>
      output.args.length === ARITY[output.action]
        ? []
        : [`${output.action} takes ${ARITY[output.action]} argument(s), got ${output.args.length}`],
  });
}
