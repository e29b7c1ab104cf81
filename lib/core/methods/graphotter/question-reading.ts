import type { TextEncoder } from "../../text";
import { askedForm, cellFeatures, type AskedForm, type LabelScores } from "./cell-features";
import { labelCandidates, questionText, type QuestionText } from "./label-features";
import { type OperationClass, operationProbabilities } from "./operation";
import { alignModel, type GraphotterModel, linearProbability } from "./policy-model";
import { cellsOnLines } from "./lines";
import { linesOfNode, type TableIndex } from "./table-index";

/** A label the question names, with the label model's probability. */
type ScoredLabel = { node: number; p: number; matched: string[] };

/**
 * One question read against one table with the learned models: the labels it names (probability
 * per reached cell), the operation it asks for, the form of the answer, and — on demand, memoised —
 * each body cell's probability of being the cell a lookup lands on.
 */
export type QuestionReading = {
  index: TableIndex;
  q: QuestionText;
  form: AskedForm;
  labels: LabelScores;
  /** Labels by probability, best first. */
  ranked: ScoredLabel[];
  /** Terms named by a confident label (p ≥ 0.5) → their idf: what a right cell's headers should cover. */
  strongTerms: Map<string, number>;
  operations: Map<OperationClass, number>;
  operation: OperationClass;
  model: GraphotterModel;
  cellScores: Map<number, number>;
  /** The most probable cell where the best labels' lines meet (memoised by bestInReach). */
  best?: number | null;
};

/** Reads a question against a table index (cost: the cells its terms reach, not the table). */
export function readOnTable(
  index: TableIndex,
  question: string,
  model: GraphotterModel,
  encoder: TextEncoder,
): QuestionReading {
  model = alignModel(model);
  const q = questionText(index, question, encoder, model.associations, model.termWeights);
  const candidates = labelCandidates(index, q, encoder);
  const labels: LabelScores = new Map();
  const ranked: ScoredLabel[] = [];
  for (const c of candidates) {
    const p = linearProbability(model.label, c.x);
    labels.set(c.node, { p, matched: c.covers });
    ranked.push({ node: c.node, p, matched: c.covers });
  }
  ranked.sort((a, b) => b.p - a.p || a.node - b.node);
  const strongTerms = new Map<string, number>();
  for (const l of ranked) {
    if (l.p < 0.5) break;
    for (const t of l.matched) if (q.idf.has(t)) strongTerms.set(t, q.idf.get(t)!);
  }
  const operations = operationProbabilities(model.operation, question);
  let operation: OperationClass = "lookup";
  for (const [c, p] of operations) if (p > (operations.get(operation) ?? 0)) operation = c;
  return {
    index,
    q,
    form: askedForm(question),
    labels,
    ranked,
    strongTerms,
    operations,
    operation,
    model,
    cellScores: new Map(),
  };
}

/** Body-cell labels (key cells such as an id or a name) the question names in a grid row. */
function rowKeys(reading: QuestionReading, row: number): number[] {
  const { index } = reading;
  const out: number[] = [];
  for (const i of index.graph.rowIndex[row] ?? []) {
    const l = reading.labels.get(i);
    if (l && l.p >= 0.3 && !index.tree.headerOf.has(i)) out.push(i);
  }
  return out;
}

/** The cell model's probability that the body cell (index into tree.cells) answers a lookup; memoised. */
export function cellProbability(reading: QuestionReading, cell: number): number {
  const known = reading.cellScores.get(cell);
  if (known !== undefined) return known;
  const c = reading.index.tree.cells[cell];
  const x = cellFeatures(
    reading.index,
    reading.q,
    reading.labels,
    reading.strongTerms,
    c,
    rowKeys(reading, c.row),
    reading.form,
  );
  const p = linearProbability(reading.model.cell, x);
  reading.cellScores.set(cell, p);
  return p;
}

/** Feature vector of a body cell (for training the cell model with exactly what the run computes). */
export function cellFeatureVector(reading: QuestionReading, cell: number): number[] {
  const c = reading.index.tree.cells[cell];
  return cellFeatures(
    reading.index,
    reading.q,
    reading.labels,
    reading.strongTerms,
    c,
    rowKeys(reading, c.row),
    reading.form,
  );
}

/** Labels whose lines are crossed, and cells per pair of lines at most, when looking for the best cell in reach. */
const REACH_LABELS = 8;
const REACH_PER_PAIR = 300;

/**
 * The cell the cell model ranks first among those where the question's best labels' lines meet
 * (and on the best three labels' own lines): what a walk should reach. Bounded by the labels'
 * lines, never the whole table; memoised on the reading.
 */
export function bestInReach(reading: QuestionReading): number | null {
  if (reading.best !== undefined) return reading.best;
  const { index } = reading;
  const top = reading.ranked.slice(0, REACH_LABELS).map((l) => l.node);
  const seen = new Set<number>();
  let best: number | null = null;
  const consider = (cells: number[]) => {
    for (const c of cells) {
      if (seen.has(c)) continue;
      seen.add(c);
      if (best === null || cellProbability(reading, c) > cellProbability(reading, best)) best = c;
    }
  };
  for (const a of top)
    for (const b of top) {
      const la = linesOfNode(index, a);
      const lb = linesOfNode(index, b);
      if (la.rows && lb.cols) consider(cellsOnLines(index, la.rows, lb.cols, REACH_PER_PAIR));
    }
  for (const a of top.slice(0, 3)) {
    const l = linesOfNode(index, a);
    consider(cellsOnLines(index, l.rows, l.cols, REACH_PER_PAIR));
  }
  reading.best = best;
  return best;
}
