// The label and cell models' training rows, computed with the run's own feature code: every cell
// the question's words reach (label rows, gold = the cells the question names) and every body cell
// on the lines of its best labels (cell rows, gold = the cells its answer reads).
import { cellsOnLines } from "../../../lib/core/methods/graphotter/lines.ts";
import {
  type Associations,
  labelCandidates,
  questionText,
} from "../../../lib/core/methods/graphotter/label-features.ts";
import type { GraphotterModel } from "../../../lib/core/methods/graphotter/policy-model.ts";
import { cellFeatureVector, readOnTable } from "../../../lib/core/methods/graphotter/question-reading.ts";
import { linesOfNode } from "../../../lib/core/methods/graphotter/table-index.ts";
import { createHashedEncoder } from "../../../lib/core/text/index.ts";
import type { GoldQuestion } from "./examples.mts";
import { goldLabels } from "./rollout.mts";

const encoder = createHashedEncoder();
/** Labels whose lines give a question's candidate cells, and cells per pair of lines at most. */
const TOP_LABELS = 8;
const PER_LINE = 300;
/** Candidates kept per question: the hardest first (where two top labels meet), then whole lines. */
const MAX_CELLS = 150;
const MAX_LABELS = 150;

export type Rows = { X: number[][]; y: number[]; group: string[] };

/** Label rows of one question (they need no model: the features are the question's and the table's). */
export function labelRows(
  ex: GoldQuestion,
  named: (ex: GoldQuestion) => Set<number>,
  associations: Associations = {},
  termWeights: Record<string, number> = {},
): Rows {
  const q = questionText(ex.index, ex.question, encoder, associations, termWeights);
  const gold = named(ex);
  const rows: Rows = { X: [], y: [], group: [] };
  for (const c of labelCandidates(ex.index, q, encoder).slice(0, MAX_LABELS)) {
    rows.X.push(c.x);
    rows.y.push(gold.has(c.node) ? 1 : 0);
    rows.group.push(ex.table);
  }
  return rows;
}

/**
 * The gold labels of a question as the label model is trained on them (linked cells, or the named
 * headers of its cells).
 */
export function namedLabels(ex: GoldQuestion): Set<number> {
  const q = questionText(ex.index, ex.question, encoder);
  const named = new Map(labelCandidates(ex.index, q, encoder).map((c) => [c.node, { matched: c.covers }]));
  return goldLabels(ex, named);
}

/**
 * Cell rows of one question, read with a label model (cross-fitted: one that never saw its table),
 * as conditional-logit groups: one per gold cell among the candidates (the other gold cells left out).
 */
export function cellGroups(
  ex: GoldQuestion,
  model: GraphotterModel,
): Array<{ x: number[][]; chosen: number; weight: number }> {
  const rows = cellRows(ex, model);
  const gold = rows.y.map((v, i) => (v ? i : -1)).filter((i) => i >= 0);
  return gold.map((g) => {
    const keep = rows.X.map((_, i) => i).filter((i) => i === g || !rows.y[i]);
    return { x: keep.map((i) => rows.X[i]), chosen: keep.indexOf(g), weight: 1 / gold.length };
  });
}

/** Cell rows of one question (features and gold flags), read with a label model. */
export function cellRows(ex: GoldQuestion, model: GraphotterModel): Rows {
  const rows: Rows = { X: [], y: [], group: [] };
  if (!ex.cells.length) return rows;
  const reading = readOnTable(ex.index, ex.question, model, encoder);
  const top = reading.ranked.slice(0, TOP_LABELS).map((l) => l.node);
  const seen = new Set<number>();
  const add = (cells: number[]) => {
    for (const c of cells) {
      if (seen.has(c) || (seen.size >= MAX_CELLS && !ex.cells.includes(c))) continue;
      seen.add(c);
      rows.X.push(cellFeatureVector(reading, c));
      rows.y.push(ex.cells.includes(c) ? 1 : 0);
      rows.group.push(ex.table);
    }
  };
  for (const a of top)
    for (const b of top) {
      const la = linesOfNode(ex.index, a);
      const lb = linesOfNode(ex.index, b);
      if (la.rows && lb.cols) add(cellsOnLines(ex.index, la.rows, lb.cols, PER_LINE));
    }
  for (const a of top.slice(0, 3)) {
    const l = linesOfNode(ex.index, a);
    add(cellsOnLines(ex.index, l.rows, l.cols, PER_LINE));
  }
  return rows;
}
