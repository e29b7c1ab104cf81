import { z } from "zod";
import { defineStep } from "../../reasoner/step";
import { graphActionSchema } from "../../trace/kinds-graph";
import { actionKey } from "./actions";
import type { GraphotterContext } from "./context";
import { planActions, type PlannedAction } from "./policy-local";
import { thoughtActionPrompt } from "./prompts/thought-action";

export const historyItem = z.object({
  step: z.number().int().positive(),
  thought: z.string(),
  action: graphActionSchema,
  args: z.array(z.string()),
  observation: z.string(),
});
export type HistoryItem = z.infer<typeof historyItem>;

export const thoughtActionInput = z.object({
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

export const thoughtActionOutput = z.object({
  thought: z.string().min(1),
  action: graphActionSchema,
  args: z.array(z.string()).max(2),
});
export type ThoughtActionOutput = z.infer<typeof thoughtActionOutput>;

const ARITY = { VisitNode: 1, GetAllNeighbours: 1, GetSharedNeighbours: 2, AnswerQuestion: 0 } as const;

/**
 * GraphOTTER's Thought → Action (§3.3) as one typed step. Local: follows the plan of
 * policy-local.ts, skipping what the history shows as done and visits the trace already holds,
 * and answers when the plan is exhausted. llm: thought and action as structured output.
 */
export function thoughtActionStep(ctx: GraphotterContext) {
  let plan: PlannedAction[] | null = null;
  return defineStep({
    name: "graphotter.thought-action",
    input: thoughtActionInput,
    output: thoughtActionOutput,
    local: (input) => {
      plan ??= planActions(ctx).plan;
      const done = new Set(input.history.map((h) => actionKey({ action: h.action, args: h.args })));
      const inTrace = new Set(input.traceIds);
      for (const p of plan) {
        if (done.has(actionKey(p.call))) continue;
        if (p.call.action === "VisitNode" && p.target && inTrace.has(p.target)) continue;
        return { thought: p.thought, action: p.call.action, args: p.call.args };
      }
      const thought = plan.length
        ? "The trace now holds the labels the question names and the cells where they meet; that is enough to answer."
        : "No cell of the table matches the words of the question, so there is nothing to walk to; I answer that.";
      return { thought, action: "AnswerQuestion" as const, args: [] };
    },
    prompt: (input) => thoughtActionPrompt(input),
    check: (output) =>
      output.args.length === ARITY[output.action]
        ? []
        : [`${output.action} takes ${ARITY[output.action]} argument(s), got ${output.args.length}`],
  });
}
