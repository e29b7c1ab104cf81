import type { RunView } from "./runView";

/** Rough tokens per table cell as a model reads a serialised table (value, separator, spacing). */
export const TOKENS_PER_CELL = 4;

export interface TokenEstimate {
  subTableCells: number;
  fullCells: number;
  /** Estimates from cell counts; `actualInput` sums the llm calls' reported input tokens, if any. */
  sent: number;
  full: number;
  actualInput: number | null;
  actualOutput: number | null;
}

/** Tokens the sub-tables cost against sending the full tables, from the sub-table events' sizes. */
export function estimateTokens(view: RunView): TokenEstimate | null {
  if (view.subTables.length === 0 && view.llmCalls.length === 0) return null;
  let subTableCells = 0;
  let fullCells = 0;
  for (const s of view.subTables) {
    subTableCells += s.rowCount * s.columnCount;
    fullCells += s.totalRows * s.totalColumns;
  }
  const inputs = view.llmCalls.map((c) => c.inputTokens).filter((n): n is number => typeof n === "number");
  const outputs = view.llmCalls.map((c) => c.outputTokens).filter((n): n is number => typeof n === "number");
  return {
    subTableCells,
    fullCells,
    sent: subTableCells * TOKENS_PER_CELL,
    full: fullCells * TOKENS_PER_CELL,
    actualInput: inputs.length ? inputs.reduce((a, b) => a + b, 0) : null,
    actualOutput: outputs.length ? outputs.reduce((a, b) => a + b, 0) : null,
  };
}
