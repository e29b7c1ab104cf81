import type { CellNode } from "../../cell-graph/graph";
import { termsOf } from "../../cell-graph/match";
import type { ActionCall } from "./actions";
import type { GraphotterContext } from "./context";
import { solve, type Solution } from "./solve";

/** One planned move of the local policy, with the thought that justifies it. */
export type PlannedAction = { call: ActionCall; thought: string; target?: string };

/** The question's own words that name a label, in question order: the VisitNode query. */
export function queryFor(ctx: GraphotterContext, label: CellNode): string {
  const own = new Set(termsOf(label.value));
  const words = ctx.question
    .split(/\s+/)
    .filter((w) => termsOf(w).some((t) => own.has(t) && ctx.cues.terms.includes(t)));
  return words.map((w) => w.replace(/^[^\p{L}\p{N}$]+|[^\p{L}\p{N}%]+$/gu, "")).join(" ") || label.value;
}

/**
 * The local policy's plan (the Thought of §3.3, made deterministic): read the graph for the labels
 * the question names and the cells they point at, then walk there — visit each label, ask for the
 * shared neighbours of a row label and a column label (or, for max/min, all neighbours of the
 * column label), and answer. Returns the plan and the whole-table reading it came from.
 */
export function planActions(ctx: GraphotterContext): { plan: PlannedAction[]; solution: Solution | null } {
  const g = ctx.graph;
  const solution = solve(g, ctx.text, ctx.cues, ctx.headerRows);
  if (!solution) return { plan: [], solution };
  const plan: PlannedAction[] = [];
  const visited = new Set<number>();
  const visit = (i: number | null, role: string) => {
    if (i === null || visited.has(i)) return;
    visited.add(i);
    const n = g.nodes[i];
    const q = queryFor(ctx, n);
    plan.push({
      call: { action: "VisitNode", args: [q] },
      thought:
        `The question mentions "${q}"; the ${role} ${JSON.stringify(n.value)} should be a node of the ` +
        `graph, so I go there.`,
      target: n.id,
    });
  };
  const many = solution.tied > 1 || solution.operation === "argmax" || solution.operation === "argmin";
  for (const s of solution.support) {
    visit(s.col, "column label");
    visit(s.row, "row label");
    for (const l of s.labels) if (l !== s.row && l !== s.col) visit(l, "label");
  }
  for (const s of solution.support) {
    const cell = g.nodes[s.cell];
    if (many) {
      const line = s.col ?? s.row ?? s.labels[0];
      if (line === undefined || line === null) continue;
      const L = g.nodes[line];
      plan.push({
        call: { action: "GetAllNeighbours", args: [L.id] },
        thought:
          `The question asks for the ${solution.operation} over the cells ` +
          `under ${JSON.stringify(L.value)}, so I need all its neighbours.`,
      });
      const key = solution.cells[1] !== undefined ? g.nodes[solution.cells[1]] : null;
      if ((solution.operation === "argmax" || solution.operation === "argmin") && key) {
        plan.push({
          call: { action: "GetAllNeighbours", args: [key.id] },
          thought:
            `${JSON.stringify(cell.value)} stands out; its row is labelled ${JSON.stringify(key.value)}, ` +
            `and the labels of the other entries sit in the same column.`,
        });
      }
    } else if (s.row !== null && s.col !== null) {
      const R = g.nodes[s.row];
      const C = g.nodes[s.col];
      plan.push({
        call: { action: "GetSharedNeighbours", args: [R.id, C.id] },
        thought:
          `The value sits where the row of ${JSON.stringify(R.value)} meets the column ` +
          `of ${JSON.stringify(C.value)}: their shared neighbours.`,
      });
    } else {
      const only = s.row ?? s.col ?? s.labels[0];
      if (only === undefined || only === null) continue;
      plan.push({
        call: { action: "GetAllNeighbours", args: [g.nodes[only].id] },
        thought: `Only ${JSON.stringify(g.nodes[only].value)} is named; its neighbours should hold the value.`,
      });
    }
    // A third label (a year over "Fuel expense", say) narrows the shared neighbours further.
    const extra = s.labels.find((l) => l !== s.row && l !== s.col);
    if (!many && extra !== undefined && s.row !== null && s.col !== null) {
      const E = g.nodes[extra];
      const other = g.nodes[E.rows.some((r) => g.nodes[s.row!].rows.includes(r)) ? s.col : s.row];
      plan.push({
        call: { action: "GetSharedNeighbours", args: [E.id, other.id] },
        thought:
          `${JSON.stringify(E.value)} is named too; its shared neighbours ` +
          `with ${JSON.stringify(other.value)} narrow the cells down.`,
      });
    }
  }
  return { plan, solution };
}
