import type { CellGraph, CellNode } from "../../cell-graph/graph";
import { matchNode, type GraphText } from "../../cell-graph/match";
import { cellNumber } from "../../cell-graph/numbers";

/** A node the question names, with the question terms it matched. */
export type LabelHit = { i: number; score: number; quality: number; matched: string[] };

/** A cell that the named labels point at: labels left of it in its row, or above it in its column. */
export type Candidate = {
  i: number;
  score: number;
  covered: string[];
  /** The best label on each side (node index), when any. */
  rowLabel: number | null;
  colLabel: number | null;
  /** All contributing labels, strongest first. */
  labels: number[];
};

const MAX_LABELS = 40;
const SUMMATIVE_TEXT = /\b(total|all|overall|sum)\b/i;

/** Nodes whose text the question names, strongest first (at most 40). */
export function findLabels(
  g: CellGraph,
  text: GraphText,
  terms: readonly string[],
  among?: ReadonlySet<number>,
): LabelHit[] {
  const out: LabelHit[] = [];
  const visit = (i: number) => {
    const m = matchNode(text, i, terms);
    if (m.score <= 0) return;
    const own = text.terms[i].reduce((s, t) => s + text.idf(t), 0);
    const hit = m.matched.reduce((s, t) => s + text.idf(t), 0);
    out.push({ i, score: m.score, quality: own ? hit / own : 0, matched: m.matched });
  };
  if (among) for (const i of among) visit(i);
  else for (let i = 0; i < g.nodes.length; i++) visit(i);
  return out.sort((a, b) => b.score - a.score || a.i - b.i).slice(0, MAX_LABELS);
}

type Acc = {
  covered: Map<string, number>;
  row: { i: number; w: number } | null;
  col: { i: number; w: number } | null;
  labels: Map<number, number>;
  dist: number;
};

/**
 * Ranks the cells the labels point at (the local reading of "shared neighbours of the row label
 * and the column label"): a cell scores the idf of every question term its row-side and
 * column-side labels cover, a little more when both sides agree, less when the cell itself is a
 * named label (then it is a header, not the answer), and nearer headers break ties.
 */
export function rankCandidates(
  g: CellGraph,
  text: GraphText,
  labels: readonly LabelHit[],
  among?: ReadonlySet<number>,
  wantText = false,
  headerRows = 0,
): Candidate[] {
  const acc = new Map<number, Acc>();
  const add = (label: LabelHit, j: number, side: "row" | "col", dist: number) => {
    if (among && !among.has(j)) return;
    // Cells of the header rows label others; they are not answers.
    if (g.nodes[j].rows[0] < headerRows) return;
    let a = acc.get(j);
    if (!a) acc.set(j, (a = { covered: new Map(), row: null, col: null, labels: new Map(), dist: 0 }));
    let w = 0;
    for (const t of label.matched) {
      const v = text.idf(t) * (0.5 + 0.5 * label.quality);
      w += v;
      if (v > (a.covered.get(t) ?? 0)) a.covered.set(t, v);
    }
    a.labels.set(label.i, Math.max(a.labels.get(label.i) ?? 0, w));
    const slot = a[side];
    if (!slot || w > slot.w || (w === slot.w && dist < a.dist)) {
      a[side] = { i: label.i, w };
    }
    a.dist += dist;
  };
  for (const label of labels) {
    const L = g.nodes[label.i];
    const lastCol = L.cols.at(-1)!;
    const lastRow = L.rows.at(-1)!;
    for (const r of L.rows) {
      for (const j of g.rowIndex[r]) {
        const first = g.nodes[j].cols[0];
        if (first > lastCol) add(label, j, "row", first - lastCol);
        // A name asked for may sit left of the row's label (a club merged over its seasons).
        else if (wantText && g.nodes[j].cols.at(-1)! < L.cols[0]) add(label, j, "row", 1 + L.cols[0] - first);
      }
    }
    for (const c of L.cols)
      for (const j of g.colIndex[c])
        if (g.nodes[j].rows[0] > lastRow) add(label, j, "col", g.nodes[j].rows[0] - lastRow);
  }
  const own = new Map(labels.map((l) => [l.i, l.score]));
  const yearColumns = new Map<number, boolean>();
  const out: Candidate[] = [];
  for (const [i, a] of acc) {
    let score = [...a.covered.values()].reduce((s, v) => s + v, 0);
    if (a.row && a.col) score *= 1.15;
    score -= 0.6 * (own.get(i) ?? 0);
    score -= 0.0001 * a.dist;
    // A text cell right of a header is usually the next header; values are what lookups want.
    if (!wantText && (cellNumber(g.nodes[i].value) === null || yearLabel(g, i, yearColumns))) score *= 0.75;
    // A name is not a number, and "Career total" is not one of the names.
    if (wantText && (cellNumber(g.nodes[i].value) !== null || SUMMATIVE_TEXT.test(g.nodes[i].value))) score *= 0.75;
    const labelsSorted = [...a.labels.entries()].sort((x, y) => y[1] - x[1]).map(([k]) => k);
    out.push({
      i,
      score,
      covered: [...a.covered.keys()],
      rowLabel: a.row?.i ?? null,
      colLabel: a.col?.i ?? null,
      labels: labelsSorted,
    });
  }
  return out.sort((x, y) => y.score - x.score || x.i - y.i);
}

/** Same row or same column. */
export function aligned(a: CellNode, b: CellNode): boolean {
  return a.rows.some((r) => b.rows.includes(r)) || a.cols.some((c) => b.cols.includes(c));
}

const isYear = (v: string) => /^(1[89]|20)\d\d$/.test(v.trim());

/**
 * Rows at the top that hold no number (years excepted): the column headers, wherever the import
 * thought the header ended. Never the whole table: a table of text has its first row as header.
 */
export function inferHeaderRows(g: CellGraph, known = 0): number {
  let r = 0;
  for (; r < g.rowCount; r++) {
    const row = g.rowIndex[r];
    if (row.some((i) => cellNumber(g.nodes[i].value) !== null && !isYear(g.nodes[i].value))) break;
  }
  if (r >= g.rowCount - 1) return Math.min(known, Math.max(0, g.rowCount - 1));
  return Math.max(r, Math.min(known, r + 1));
}

/** A year in a column of years (a row label like "2005"), not a count that happens to be 1873. */
function yearLabel(g: CellGraph, i: number, cache: Map<number, boolean>): boolean {
  const n = g.nodes[i];
  if (!isYear(n.value)) return false;
  const c = n.cols[0];
  let years = cache.get(c);
  if (years === undefined) {
    const nums = g.colIndex[c].map((j) => g.nodes[j].value).filter((v) => cellNumber(v) !== null);
    years = nums.length >= 3 && nums.filter(isYear).length >= 0.8 * nums.length;
    cache.set(c, years);
  }
  return years;
}

/** A candidate as an answer's support: the cell and the labels it was read by. */
export const supportOf = (c: Candidate) => ({
  cell: c.i,
  row: c.rowLabel,
  col: c.colLabel,
  labels: c.labels.slice(0, 3),
});
