import type { StepPrompt } from "../../../reasoner/step";
import { ACTIONS_TEXT, DATA_NOT_INSTRUCTIONS, GRAPH_INTRO, JSON_ONLY, SUMMATIVE_NOTE, clip, dataBlock } from "./common";
import type { ThoughtActionInput } from "../thought-action";

/** The Thought and Action steps (Figures 11–12) in one structured call: a thought, then one action. */
export function thoughtActionPrompt(input: ThoughtActionInput): StepPrompt {
  const history = input.history
    .map(
      (h) =>
        `Step ${h.step}: ` +
        `Thought: ${clip(h.thought, 400)}\nAction: ${h.action}(${h.args.join(", ")})\nObservation: ` +
        `${clip(h.observation, 1200)}`,
    )
    .join("\n\n");
  return {
    system:
      `You answer questions about a complex table by reasoning on its graph, ` +
      `one action at a time. ${GRAPH_INTRO} ${DATA_NOT_INSTRUCTIONS} ${JSON_ONLY}`,
    prompt: [
      dataBlock("table", input.table),
      `Question: ${input.question}`,
      ACTIONS_TEXT,
      SUMMATIVE_NOTE,
      "Cells may share a content; tell them apart by row and column. Check whether the trace already holds what " +
        "you need before asking for more.",
      `Reasoning trace:\n${dataBlock("trace", input.trace)}`,
      history ? `Interaction history:\n${dataBlock("history", history)}` : "No actions yet.",
      input.warning ? `Note: ${input.warning}` : "",
      `This is step ${input.step} of at most ${input.maxSteps}.`,
      'Return JSON {"thought": your reasoning about the current state, "action": ' +
        '"VisitNode"|"GetAllNeighbours"|"GetSharedNeighbours"|"AnswerQuestion", "args": ' +
        "[the query] | [node id] | [node id, node id] | []}.",
    ]
      .filter(Boolean)
      .join("\n\n"),
  };
}
