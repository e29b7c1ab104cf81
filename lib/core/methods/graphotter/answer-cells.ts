import type { BodyCell } from "../../cell-graph/header-tree";
import { questionScale } from "../../cell-graph/units";
import type { OperationClass } from "./operation";
import type { QuestionReading } from "./question-reading";

// What a local answer is made of, shared by the lookup and arithmetic (aggregate.ts) and the group
// operations (aggregate-group.ts): its shape, a cell's name and value, and a computed number's text.

/** The answer read off the trace's cells: the cells and labels it rests on, and what was done with them. */
export type LocalAnswer = {
  cells: number[];
  labels: number[];
  operation: OperationClass;
  answer: string[];
  explanation: string;
  /** The cell model's probability of the cell a lookup (or the first operand) landed on. */
  cellProbability: number;
};

/** Text of a cell's innermost row and column headers: "Aircraft fuel, 2018". */
export function cellName(reading: QuestionReading, cell: BodyCell): string {
  const { tree, graph } = reading.index;
  const leaf = (path: number[]) => (path.length ? graph.nodes[tree.headers[path.at(-1)!].node].value : null);
  return [leaf(cell.rowPath), leaf(cell.colPath)].filter(Boolean).join(", ");
}

/** A cell's number in the scale the question asks for ("how many billion dollars" of a millions column). */
export function valueIn(reading: QuestionReading, cell: BodyCell): number | null {
  if (cell.number === null) return null;
  const asked = questionScale(reading.q.question);
  if (asked && cell.unit.scale !== 1 && asked !== cell.unit.scale) return (cell.number * cell.unit.scale) / asked;
  return cell.number;
}

/** A computed number without float noise: up to 6 decimals, trailing zeros cut. */
export function formatComputed(n: number): string {
  if (Number.isInteger(n)) return String(n);
  return String(Math.round(n * 1e6) / 1e6);
}
