import { termsOf } from "../../cell-graph/match";
import { unitWords } from "../../cell-graph/units";
import { chooseOption, groupAnswer } from "./aggregate-group";
import { cellName, formatComputed, leafLabels, valueIn } from "./cell-values";
import type { OperationClass } from "./operation";
import { cellProbability, type QuestionReading } from "./question-reading";

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

/** The best label's probability below which the question names nothing in the table. */
const MIN_NAMED = 0.15;

/** Arithmetic over named cells. */
const ARITHMETIC = new Set<OperationClass>(["sum", "average", "difference", "ratio", "percent-change"]);

/**
 * GraphOTTER's local answer (§3.4) from the body cells the walk observed: the operation the model
 * reads from the question applied to them — a lookup lands on the most probable cell; arithmetic
 * combines it with the observed cells that differ from it in one header the question names (or, for
 * a ratio, the total it is part of); group operations compare a header's line; a choice compares
 * the named options. Null when the walk observed no cell.
 */
export function answerFromCells(
  reading: QuestionReading,
  observed: readonly number[],
  group: number | null,
): LocalAnswer | null {
  const { tree } = reading.index;
  const cells = [...new Set(observed)];
  // Nothing the question names with any confidence: no cell is the answer (rather than a guess).
  if (!cells.length || (reading.ranked[0]?.p ?? 0) < MIN_NAMED) return null;
  const p = (c: number) => cellProbability(reading, c);
  const preferred = cells.filter((c) => (reading.form.wantText ? true : tree.cells[c].number !== null));
  const pool = preferred.length ? preferred : cells;
  const best = pool.reduce((a, b) => (p(b) > p(a) ? b : a));
  const op = reading.operation;
  if (op === "choose-max" || op === "choose-min") {
    const chosen = chooseOption(reading, cells, op === "choose-max" ? "max" : "min");
    if (chosen) return chosen;
  }
  if (op === "argmax" || op === "argmin" || op === "topk" || op === "count") {
    const g = groupAnswer(reading, cells, best, group, op);
    if (g) return g;
  }
  if (ARITHMETIC.has(op)) {
    const a = arithmetic(reading, cells, best, op);
    if (a) return a;
  }
  return lookup(reading, best, op === "negate");
}

function lookup(reading: QuestionReading, best: number, negate: boolean): LocalAnswer {
  const { tree, graph } = reading.index;
  const cell = tree.cells[best];
  const raw = graph.nodes[cell.node].value;
  const v = valueIn(reading, cell);
  const scaled = v !== null && v !== cell.number;
  const text = negate && v !== null ? formatComputed(Math.abs(v)) : scaled && v !== null ? formatComputed(v) : raw;
  const units = unitWords(cell.unit);
  return {
    cells: [cell.node],
    labels: leafLabels(reading, cell),
    operation: negate ? "negate" : "lookup",
    answer: [text],
    explanation:
      `The cell for ${cellName(reading, cell) || "the named headers"} holds ${JSON.stringify(raw)}` +
      `${units && !raw.includes("%") ? ` (${units})` : ""}` +
      `${negate ? "; the question asks for the size of the change" : ""}.`,
    cellProbability: cellProbability(reading, best),
  };
}

/** Cells aligned with the best one that differ from it in one header the question names. */
export function companions(
  reading: QuestionReading,
  cells: readonly number[],
  best: number,
): Array<{ cell: number; header: number; named: number }> {
  const { tree } = reading.index;
  const b = tree.cells[best];
  // What the best cell's headers already cover: a companion's header must name something else
  // (the "2017" beside "2018"), not the same words again.
  const covered = new Set(
    [...b.rowPath, ...b.colPath].flatMap((h) => reading.labels.get(tree.headers[h].node)?.matched ?? []),
  );
  const out: Array<{ cell: number; header: number; named: number }> = [];
  for (const c of cells) {
    const x = tree.cells[c];
    if (c === best || x.number === null) continue;
    const rowDiff = x.rowPath.filter((h) => !b.rowPath.includes(h));
    const colDiff = x.colPath.filter((h) => !b.colPath.includes(h));
    if ((rowDiff.length && colDiff.length) || (!rowDiff.length && !colDiff.length)) continue;
    const diff = rowDiff.length ? rowDiff : colDiff;
    const named = Math.max(
      ...diff.map((h) => {
        const l = reading.labels.get(tree.headers[h].node);
        return l && l.matched.some((t) => !covered.has(t)) ? l.p : 0;
      }),
    );
    out.push({ cell: c, header: tree.headers[diff.at(-1)!].node, named });
  }
  return out.sort(
    (a, b2) => b2.named - a.named || cellProbability(reading, b2.cell) - cellProbability(reading, a.cell),
  );
}

function arithmetic(
  reading: QuestionReading,
  cells: readonly number[],
  best: number,
  op: OperationClass,
): LocalAnswer | null {
  const { tree, graph } = reading.index;
  const all = companions(reading, cells, best);
  let partners = all.filter((c) => c.named >= 0.2);
  let whole = false;
  if (!partners.length && op === "ratio") {
    // The whole a part is divided by: the total among the part's own siblings (same parent header).
    const parents = new Set(
      [...tree.cells[best].rowPath, ...tree.cells[best].colPath].map((h) => tree.headers[h].parent),
    );
    partners = all.filter((c) => {
      const h = tree.headers[tree.headerOf.get(c.header) ?? -1];
      return h?.total && parents.has(h.parent);
    });
    whole = partners.length > 0;
  }
  if (!partners.length) return null;
  const group = op === "sum" || op === "average" ? [best, ...partners.map((c) => c.cell)] : [best, partners[0].cell];
  // Order by where each operand's own header is named in the question ("from 2017 to 2018").
  const firstMention = (c: number, other: number) => {
    const x = tree.cells[c];
    const o = tree.cells[other];
    const own = [...x.rowPath, ...x.colPath].filter((h) => !o.rowPath.includes(h) && !o.colPath.includes(h));
    const at = own
      .flatMap((h) => termsOf(graph.nodes[tree.headers[h].node].value, true))
      .map((t) => reading.q.terms.indexOf(t))
      .filter((i) => i >= 0);
    return at.length ? Math.min(...at) : 99;
  };
  if (!whole && group.length === 2 && firstMention(group[1], group[0]) < firstMention(group[0], group[1]))
    group.reverse();
  const values = group.map((c) => valueIn(reading, tree.cells[c]));
  if (values.some((v) => v === null)) return null;
  const [a, b] = values as number[];
  const nums = values as number[];
  const value =
    op === "sum"
      ? nums.reduce((s, v) => s + v, 0)
      : op === "average"
        ? nums.reduce((s, v) => s + v, 0) / nums.length
        : op === "ratio"
          ? b === 0
            ? Number.NaN
            : a / b
          : op === "percent-change"
            ? a === 0
              ? Number.NaN
              : Math.abs(((b - a) / Math.abs(a)) * 100)
            : Math.abs(a - b);
  if (!Number.isFinite(value)) return null;
  const list = group.map(
    (c) => `${cellName(reading, tree.cells[c])} ${JSON.stringify(graph.nodes[tree.cells[c].node].value)}`,
  );
  const words = {
    sum: "Sum",
    average: "Average",
    ratio: "Ratio",
    "percent-change": "Percent change",
    difference: "Difference",
  } as Record<string, string>;
  return {
    cells: group.map((c) => tree.cells[c].node),
    labels: [...new Set(group.flatMap((c) => leafLabels(reading, tree.cells[c])))],
    operation: op,
    answer: [formatComputed(value)],
    explanation: `${words[op] ?? op} of ${list.join(" and ")}${whole ? " (the part over its total)" : ""}.`,
    cellProbability: cellProbability(reading, best),
  };
}
