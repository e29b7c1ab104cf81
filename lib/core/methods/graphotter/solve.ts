import type { CellGraph, CellNode } from "../../cell-graph/graph";
import type { GraphText } from "../../cell-graph/match";
import { cellNumber, formatNumber } from "../../cell-graph/numbers";
import type { Operation, QuestionCues } from "./question";
import { aligned, findLabels, rankCandidates, supportOf, type Candidate } from "./reading";
import { choose } from "./choice";

/** The cells an answer rests on and what was done with them. */
export type Solution = {
  /** Node indexes of the answer cells, in the order used. */
  cells: number[];
  /** Labels (node indexes) that pointed at them. */
  labels: number[];
  operation: Operation;
  answer: string[];
  explanation: string;
  /** For each answer cell that labels point at: its row-side and column-side label (node indexes). */
  support: Array<{ cell: number; row: number | null; col: number | null; labels: number[] }>;
  /** How many cells were equally supported (max/min look at all of them). */
  tied: number;
};

const TIE = 0.02;
const DECLINE = /\b(declin|decreas|drop|fell|fall|reduc|shr[ai]nk|lost|loss|gap)\w*/i;
const SUMMATIVE = /\b(total|all|overall|sum|combined|average)\b/i;

/**
 * Answers from the nodes of `g` (the whole table when planning, the reasoning trace when
 * answering): find the labels the question names, rank the cells they point at, then apply the
 * operation — lookup, arithmetic over the cells that differ in one named label, or max/min over
 * the equally supported cells. Null when no node matches the question.
 */
export function solve(
  g: CellGraph,
  text: GraphText,
  cues: QuestionCues,
  headerRows = 0,
  among?: ReadonlySet<number>,
): Solution | null {
  const labels = findLabels(g, text, cues.terms, among);
  if (!labels.length) return null;
  const ranked = rankCandidates(g, text, labels, among, cues.wantText, headerRows);
  if (!ranked.length) return null;
  const best = ranked[0];
  const name = (i: number) => `"${g.nodes[i].value}"`;
  const op = cues.operation;

  if (op === "choose" && cues.options) {
    const chosen = choose(g, text, cues, headerRows, among);
    if (chosen) return chosen;
  }

  if (op === "max" || op === "min" || op === "argmax" || op === "argmin") {
    const close = ranked.filter(
      (c) =>
        c.score >= best.score - Math.max(TIE, Math.abs(best.score) * 0.05) && cellNumber(g.nodes[c.i].value) !== null,
    );
    // A summative row ("Total") is not one of the entries being compared.
    const tied = close.filter((c) => {
      const key = rowKey(
        g,
        g.nodes[c.i],
        close.map((x) => g.nodes[x.i]),
        among,
      );
      return key === null ? op === "max" || op === "min" : !SUMMATIVE.test(g.nodes[key].value);
    });
    if (tied.length >= 2) {
      const pick = tied.reduce((p, c) => {
        const a = cellNumber(g.nodes[p.i].value)!;
        const b = cellNumber(g.nodes[c.i].value)!;
        return (op === "max" || op === "argmax" ? b > a : b < a) ? c : p;
      });
      const verb = op === "max" || op === "argmax" ? "largest" : "smallest";
      if (op === "max" || op === "min") {
        return {
          cells: [pick.i],
          labels: pick.labels.slice(0, 3),
          operation: op,
          answer: [g.nodes[pick.i].value],
          explanation: `Of ${tied.length} cells under ${labelText(g, best)}, ${name(pick.i)} is the ${verb}.`,
          support: [supportOf(pick)],
          tied: tied.length,
        };
      }
      const key = rowKey(
        g,
        g.nodes[pick.i],
        tied.map((c) => g.nodes[c.i]),
        among,
      );
      if (key !== null) {
        return {
          cells: [pick.i, key],
          labels: pick.labels.slice(0, 3),
          operation: op,
          answer: [g.nodes[key].value],
          explanation:
            `Of ${tied.length} cells under ${labelText(g, best)}, ${name(pick.i)} is the ${verb}; ` +
            `it belongs to ${name(key)}.`,
          support: [supportOf(pick)],
          tied: tied.length,
        };
      }
    }
  }

  if (op === "difference" || op === "ratio" || op === "sum" || op === "average" || op === "percent-change") {
    const group = companions(g, ranked, best, op === "sum" || op === "average" ? 6 : 1);
    if (group.length >= 2) {
      const values = group.map((c) => cellNumber(g.nodes[c.i].value));
      if (values.every((v) => v !== null)) {
        const nums = values as number[];
        const cells = group.map((c) => c.i);
        const labelsUsed = [...new Set(group.flatMap((c) => c.labels.slice(0, 2)))];
        const list = cells.map(name).join(" and ");
        const result = compute(op, nums, group, cues);
        if (Number.isFinite(result.value)) {
          return {
            cells,
            labels: labelsUsed,
            operation: op,
            answer: [formatNumber(result.value)],
            explanation: `${result.words} of ${list}.`,
            support: group.map(supportOf),
            tied: 1,
          };
        }
      }
    }
  }

  // "What was the percent decline …" asks for the size of a change a table writes as negative.
  const n = cellNumber(g.nodes[best.i].value);
  if (n !== null && n < 0 && DECLINE.test(cues.question)) {
    return {
      cells: [best.i],
      labels: best.labels.slice(0, 3),
      operation: "lookup",
      answer: [formatNumber(-n)],
      explanation:
        `The cell where ${labelText(g, best)} meet holds ${name(best.i)}; ` +
        `the question asks for the size of the decline.`,
      support: [supportOf(best)],
      tied: 1,
    };
  }
  return {
    cells: [best.i],
    labels: best.labels.slice(0, 3),
    operation: "lookup",
    answer: [g.nodes[best.i].value],
    explanation: `The cell where ${labelText(g, best)} meet holds ${name(best.i)}.`,
    support: [supportOf(best)],
    tied: 1,
  };
}

/** "“Fuel Expense” and “2018”": the labels behind a candidate. */
function labelText(g: CellGraph, c: Candidate): string {
  const ids = [c.rowLabel, c.colLabel].filter((x): x is number => x !== null);
  return (ids.length ? ids : c.labels.slice(0, 2)).map((i) => `“${g.nodes[i].value}”`).join(" and ");
}

/**
 * The cells to combine with the best one: aligned with it (same row or column), supported almost
 * as well, and covering a question term it does not (the "2017" beside "2018").
 */
function companions(g: CellGraph, ranked: Candidate[], best: Candidate, extra: number): Candidate[] {
  const out = [best];
  const covered = new Set(best.covered);
  for (const c of ranked.slice(1)) {
    if (out.length > extra) break;
    if (cellNumber(g.nodes[c.i].value) === null) continue;
    if (!out.every((o) => aligned(g.nodes[o.i], g.nodes[c.i]))) continue;
    const fresh = c.covered.filter((t) => !covered.has(t));
    if (!fresh.length || c.score < best.score * 0.5) continue;
    for (const t of fresh) covered.add(t);
    out.push(c);
  }
  return out;
}

function compute(
  op: Operation,
  nums: number[],
  group: Candidate[],
  cues: QuestionCues,
): { value: number; words: string } {
  // Order by where each cell's distinguishing term appears in the question: "from 2017 to 2018".
  const position = (c: Candidate) =>
    Math.min(
      ...c.covered
        .map((t) => cues.terms.indexOf(t))
        .filter((p) => p >= 0)
        .concat([99]),
    );
  const distinct = (c: Candidate, other: Candidate) => c.covered.filter((t) => !other.covered.includes(t));
  let [a, b] = nums;
  if (group.length === 2) {
    const pa = Math.min(
      ...distinct(group[0], group[1])
        .map((t) => cues.terms.indexOf(t))
        .concat([position(group[0])]),
    );
    const pb = Math.min(
      ...distinct(group[1], group[0])
        .map((t) => cues.terms.indexOf(t))
        .concat([position(group[1])]),
    );
    if (pb < pa) [a, b] = [b, a];
  }
  switch (op) {
    case "sum":
      return { value: nums.reduce((s, v) => s + v, 0), words: "Sum" };
    case "average":
      return { value: nums.reduce((s, v) => s + v, 0) / nums.length, words: "Average" };
    case "ratio":
      return { value: b === 0 ? NaN : a / b, words: "Ratio" };
    // A change is reported as its size ("declined by 15 percent"), as the tables' own "% change" columns are read.
    case "percent-change":
      return { value: a === 0 ? NaN : Math.abs(((b - a) / Math.abs(a)) * 100), words: "Percent change" };
    default:
      return { value: Math.abs(b - a), words: "Difference" };
  }
}

/** The row's label for an argmax: the first text cell of the row (left of the cell), else of the column. */
function rowKey(g: CellGraph, cell: CellNode, peers: CellNode[], among?: ReadonlySet<number>): number | null {
  const sameColumn = peers.every((p) => p.cols.some((c) => cell.cols.includes(c)));
  const line = sameColumn ? cell.rows.flatMap((r) => g.rowIndex[r]) : cell.cols.flatMap((c) => g.colIndex[c]);
  for (const j of line) {
    if (among && !among.has(j)) continue;
    const n = g.nodes[j];
    if (n.id === cell.id || cellNumber(n.value) !== null) continue;
    if (sameColumn ? n.cols[0] < cell.cols[0] : n.rows[0] < cell.rows[0]) return j;
  }
  return null;
}
