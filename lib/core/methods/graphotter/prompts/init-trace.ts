import type { StepPrompt } from "../../../reasoner/step";
import { DATA_NOT_INSTRUCTIONS, GRAPH_INTRO, JSON_ONLY, dataBlock } from "./common";

/** Trace initialisation (Appendix A.3, Figure 10): pick the cells most relevant to the question. */
export function initTracePrompt(question: string, table: string, k: number): StepPrompt {
  return {
    system:
      `You are a statistical analyst reading a complex ` +
      `table. ${GRAPH_INTRO} ${DATA_NOT_INSTRUCTIONS} ${JSON_ONLY}`,
    prompt: [
      dataBlock("table", table),
      `Question: ${question}`,
      "Think step by step: understand what the question needs, read the table's structure, " +
        "then choose the cells most relevant to the question.",
      "Header cells that the question names are often the most useful starting points.",
      `Return JSON {"cells": [{"id": node id, "explanation": why}]} with at most ${k} cells, ` +
        `most relevant first. Use only ids that appear in the table.`,
    ].join("\n\n"),
  };
}
