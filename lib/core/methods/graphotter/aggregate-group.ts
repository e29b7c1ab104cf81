import { termsOf } from "../../cell-graph/match";
import type { LocalAnswer } from "./aggregate";
import { cellName, formatComputed, valueIn } from "./cell-values";
import { type OperationClass, topK } from "./operation";
import { readOptions } from "./question";
import { cellProbability, type QuestionReading } from "./question-reading";

/**
 * A group operation over a header's line (GetAllNeighbours): the entries are the cells of that line
 * in the best cell's column (or row), siblings of it, without totals; argmax/argmin name the entry
 * with the largest/smallest value by its header, topk the k largest, count how many there are.
 */
export function groupAnswer(
  reading: QuestionReading,
  cells: readonly number[],
  best: number,
  group: number | null,
  op: OperationClass,
): LocalAnswer | null {
  const { tree, graph } = reading.index;
  const b = tree.cells[best];
  const groupHeader = group === null ? undefined : tree.headerOf.get(group);
  // Entries vary along the rows unless the group is a row header's line (then along the columns).
  const alongRows = groupHeader === undefined || tree.headers[groupHeader].axis === "column";
  let entries = cells.filter((c) => {
    const x = tree.cells[c];
    return x.number !== null && (alongRows ? x.col === b.col : x.row === b.row);
  });
  const leaf = (c: number) => (alongRows ? tree.cells[c].rowPath.at(-1) : tree.cells[c].colPath.at(-1));
  const noTotals = entries.filter((c) => {
    const h = leaf(c);
    return h === undefined || !tree.headers[h].total;
  });
  if (noTotals.length >= 2) entries = noTotals;
  // Keep the entries under the section the question names, when it names one.
  const named = reading.ranked
    .filter((l) => l.p >= 0.5)
    .map((l) => tree.headerOf.get(l.node))
    .filter((h) => h !== undefined && tree.headers[h].children.length > 0);
  const within = entries.filter((c) =>
    named.some((h) => (alongRows ? tree.cells[c].rowPath : tree.cells[c].colPath).includes(h!)),
  );
  if (within.length >= 2) entries = within;
  if (entries.length < 2) return null;
  const label = (c: number) => {
    const h = leaf(c);
    return h === undefined ? null : tree.headers[h].node;
  };
  if (op === "count") {
    return {
      cells: entries.map((c) => tree.cells[c].node).slice(0, 200),
      labels: entries
        .map(label)
        .filter((x): x is number => x !== null)
        .slice(0, 50),
      operation: op,
      answer: [String(entries.length)],
      explanation: `${entries.length} entries under ${cellName(reading, b) || "the named header"}.`,
      cellProbability: cellProbability(reading, best),
    };
  }
  const sign = op === "argmin" ? 1 : -1;
  const sorted = [...entries].sort(
    (x, y) => sign * (valueIn(reading, tree.cells[x])! - valueIn(reading, tree.cells[y])!),
  );
  const k = op === "topk" ? Math.min(topK(reading.q.question), sorted.length) : 1;
  const top = sorted.slice(0, k).filter((c) => label(c) !== null);
  if (!top.length) return null;
  const names = top.map((c) => graph.nodes[label(c)!].value);
  return {
    cells: top.map((c) => tree.cells[c].node),
    labels: top.map((c) => label(c)!),
    operation: op,
    answer: names,
    explanation:
      `Of ${entries.length} entries, ${names.map((n) => JSON.stringify(n)).join(", ")} ` +
      `${k > 1 ? "have" : "has"} the ${op === "argmin" ? "smallest" : "largest"} value` +
      ` (${top.map((c) => graph.nodes[tree.cells[c].node].value).join(", ")}).`,
    cellProbability: cellProbability(reading, best),
  };
}

/**
 * A choice between named options ("…, women or men?"): each option's header (the label whose words
 * the option shares), its cell among the observed ones, and the option with the larger (smaller)
 * value, named by its header.
 */
export function chooseOption(
  reading: QuestionReading,
  cells: readonly number[],
  direction: "max" | "min",
): LocalAnswer | null {
  const { tree, graph } = reading.index;
  const options = readOptions(reading.q.question)?.texts ?? [];
  if (options.length < 2) return null;
  const picks: Array<{ header: number; cell: number; value: number }> = [];
  for (const option of options) {
    const words = termsOf(option);
    const header = reading.ranked.find((l) => tree.headerOf.has(l.node) && l.matched.some((t) => words.includes(t)));
    if (!header) continue;
    const h = tree.headerOf.get(header.node)!;
    const own = cells.filter((c) => {
      const x = tree.cells[c];
      return x.number !== null && (x.rowPath.includes(h) || x.colPath.includes(h));
    });
    if (!own.length) continue;
    const cell = own.reduce((a, b) => (cellProbability(reading, b) > cellProbability(reading, a) ? b : a));
    if (!picks.some((p) => p.header === header.node))
      picks.push({ header: header.node, cell, value: valueIn(reading, tree.cells[cell])! });
  }
  if (picks.length < 2) return null;
  const win = picks.reduce((a, b) => ((direction === "max" ? b.value > a.value : b.value < a.value) ? b : a));
  return {
    cells: picks.map((p) => tree.cells[p.cell].node),
    labels: picks.map((p) => p.header),
    operation: direction === "max" ? "choose-max" : "choose-min",
    answer: [graph.nodes[win.header].value],
    explanation:
      `Compared ${picks.map((p) => `${graph.nodes[p.header].value}: ${formatComputed(p.value)}`).join(", ")}; ` +
      `${graph.nodes[win.header].value} has the ${direction === "max" ? "larger" : "smaller"} value.`,
    cellProbability: cellProbability(reading, picks[0].cell),
  };
}
