import type { BodyCell } from "../../cell-graph/header-tree";
import { questionScale } from "../../cell-graph/units";
import type { QuestionReading } from "./question-reading";

// How GraphOTTER names and values the cells it reads, for the aggregate answers of both shapes
// (one cell or computed over several: aggregate.ts; grouped and compared: aggregate-group.ts).

/** Text of a cell's innermost row and column headers: "Aircraft fuel, 2018". */
export function cellName(reading: QuestionReading, cell: BodyCell): string {
  const { tree, graph } = reading.index;
  const leaf = (path: number[]) => (path.length ? graph.nodes[tree.headers[path.at(-1)!].node].value : null);
  return [leaf(cell.rowPath), leaf(cell.colPath)].filter(Boolean).join(", ");
}

export function leafLabels(reading: QuestionReading, cell: BodyCell): number[] {
  const { tree } = reading.index;
  return [cell.rowPath.at(-1), cell.colPath.at(-1)]
    .filter((h): h is number => h !== undefined)
    .map((h) => tree.headers[h].node);
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
