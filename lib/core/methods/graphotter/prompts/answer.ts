import type { StepPrompt } from "../../../reasoner/step";
import { DATA_NOT_INSTRUCTIONS, GRAPH_INTRO, JSON_ONLY, SUMMATIVE_NOTE, dataBlock } from "./common";
import { OPERATIONS } from "../question";

/** Answer generation (§3.4, Figure 13): from the reasoning trace only, never the whole table. */
export function answerPrompt(question: string, nodes: string, history: string): StepPrompt {
  return {
    system:
      `You answer a question about a table from the reasoning trace gathered on its ` +
      `graph. ${GRAPH_INTRO} ${DATA_NOT_INSTRUCTIONS} ${JSON_ONLY}`,
    prompt: [
      `Question: ${question}`,
      `Nodes gathered by the reasoning (the only data you may use):\n${dataBlock("trace", nodes)}`,
      history ? `Interaction history:\n${dataBlock("history", history)}` : "",
      SUMMATIVE_NOTE,
      "Check whether the needed value is already in a node before computing anything.",
      "When the answer is a cell's content, copy it exactly as written, without units or extra words.",
      `Return JSON {"cells": node ids the answer rests on, "operation": one of ${OPERATIONS.join(", ")}, ` +
        `"explanation": one or two sentences, "answer": [the answer value(s) as strings]}.`,
    ]
      .filter(Boolean)
      .join("\n\n"),
  };
}
