import type { CellNode } from "../../cell-graph/graph";
import type { GraphotterContext } from "./context";
import { tupleText } from "./trace";

/** Cells shown to the model at most; a larger table is shown around the cells in play. */
export const MAX_PROMPT_CELLS = 600;

/**
 * The table as node tuples for a prompt. Small tables go whole; large ones as their top rows
 * (where headers usually are) plus the rows and columns of the focus cells, so the prompt stays
 * bounded on a 10,000-row sheet.
 */
export function tableText(ctx: GraphotterContext, focus: readonly CellNode[] = []): string {
  const g = ctx.graph;
  if (g.nodes.length <= MAX_PROMPT_CELLS) return g.nodes.map((n) => tupleText(n, 80)).join("\n");
  const pick = new Set<number>();
  const header = Math.max(g.headerRows, 3);
  for (let r = 0; r < Math.min(header, g.rowCount) && pick.size < MAX_PROMPT_CELLS / 3; r++)
    for (const i of g.rowIndex[r]) pick.add(i);
  for (const f of focus) {
    for (const r of f.rows) for (const i of g.rowIndex[r]) pick.add(i);
    for (const c of f.cols) for (const i of g.colIndex[c].slice(0, 40)) pick.add(i);
    if (pick.size >= MAX_PROMPT_CELLS) break;
  }
  const shown = [...pick]
    .sort((a, b) => a - b)
    .slice(0, MAX_PROMPT_CELLS)
    .map((i) => tupleText(g.nodes[i], 80));
  return [
    ...shown,
    `… ${g.nodes.length - shown.length} more cells not shown (the table has ${g.rowCount} rows ` +
      `× ${g.colCount} columns); use the actions to reach them.`,
  ].join("\n");
}
