export { DATA_NOT_INSTRUCTIONS, JSON_ONLY, clip, dataBlock } from "../../../reasoner/prompt-safety";

/** The graph as the paper describes it to the model (§3.2), shared by every prompt. */
export const GRAPH_INTRO =
  'The table is an undirected graph. Every cell, header or data, is a node written as [id] (row, column, "content"); ' +
  "a merged cell spans a set of rows or columns, written {first-last}. " +
  "Two nodes are joined when they share a row (SAME ROW) or a column (SAME COLUMN). " +
  "Headers can be anywhere: infer which cells label which from their content and position.";

export const ACTIONS_TEXT = [
  "Actions:",
  "- VisitNode(query): go to the node whose content best matches the keyword query (a word or phrase from the " +
    "question, not a content you already know).",
  "- GetAllNeighbours(node id): all nodes in the same rows and columns as the node.",
  "- GetSharedNeighbours(node id, node id): the nodes adjacent to both, e.g. " +
    "the cell where a row label and a column label meet.",
  "- AnswerQuestion(): stop when the trace holds what the answer needs.",
].join("\n");

/** The paper's note on summative nodes (Figure 11): they save operations. */
export const SUMMATIVE_NOTE =
  'Pay attention to summative nodes ("total", "all", "combined", "sum", "average", "percent", "%"…): ' +
  "they often hold the answer without any arithmetic.";
