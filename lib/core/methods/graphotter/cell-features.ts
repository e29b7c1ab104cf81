import type { BodyCell } from "../../cell-graph/header-tree";
import type { QuestionText } from "./label-features";
import type { TableIndex } from "./table-index";

/** Labels the question reached, with the label model's probability, by node index. */
export type LabelScores = Map<number, { p: number; matched: string[] }>;

/** What the question asks of the answer's form, read from its words (not from the table). */
export type AskedForm = { wantText: boolean; percent: boolean; amount: boolean; total: boolean };

export const CELL_FEATURES = [
  "rowBest",
  "colBest",
  "rowSum",
  "colSum",
  "rowLeaf",
  "colLeaf",
  "coverage",
  "namedElsewhere",
  "rowSibling",
  "colSibling",
  "rowTotal",
  "colTotal",
  "totalAsked",
  "numeric",
  "rowLabel",
  "textWanted",
  "textWantedNumber",
  "percentMatch",
  "percentMismatch",
  "self",
  "rowDepth",
  "colDepth",
  "bothSides",
  "rowCover",
  "colCover",
  "rowLeafCover",
  "colLeafCover",
  "rowSiblingCover",
  "colSiblingCover",
  "unnamedPath",
  "totalOfNamed",
  "rowSiblingTie",
  "colSiblingTie",
  "weightedCover",
  "weightedMiss",
] as const;

const ASK_TEXT = /(^|[,;:]\s*)(which|who|whom|whose|where|in which|for which|what (is|was|were|are) the name)\b/i;

/** The form of answer the question asks for (shared by every cell's features). */
export function askedForm(question: string): AskedForm {
  const q = question.toLowerCase();
  return {
    wantText: ASK_TEXT.test(q),
    percent: /%|\bper ?cent|\bpercentage|\bproportion|\bshare\b|\brate\b/.test(q),
    amount: /\bhow (many|much)\b/.test(q) && !/\bper ?cent|\bpercentage/.test(q),
    total: /\b(total|all|overall|combined|altogether|in all)\b/.test(q),
  };
}

/**
 * The features of one body cell as the answer of a lookup: how strongly the question names its row
 * and column headers (and a key cell of its row), how much of the question its headers explain,
 * whether the question names a sibling header instead, totals, units and the form asked for.
 */
export function cellFeatures(
  index: TableIndex,
  q: QuestionText,
  labels: LabelScores,
  strongTerms: ReadonlyMap<string, number>,
  cell: BodyCell,
  keys: readonly number[],
  form: AskedForm,
): number[] {
  const { tree } = index;
  const pOf = (node: number) => labels.get(node)?.p ?? 0;
  const rowNodes = [...cell.rowPath.map((h) => tree.headers[h].node), ...keys.filter((k) => k !== cell.node)];
  const colNodes = cell.colPath.map((h) => tree.headers[h].node);
  const rowP = rowNodes.map(pOf);
  const colP = colNodes.map(pOf);
  const covered = new Set<string>();
  for (const n of [...rowNodes, ...colNodes]) for (const t of labels.get(n)?.matched ?? []) covered.add(t);
  let coveredMass = 0;
  for (const t of covered) coveredMass += q.idf.get(t) ?? 0;
  let elsewhere = 0;
  for (const [t, w] of strongTerms) if (!covered.has(t)) elsewhere += w;
  const rowLeafH = cell.rowPath.at(-1);
  const colLeafH = cell.colPath.at(-1);
  const max = (xs: number[]) => (xs.length ? Math.max(...xs) : 0);
  const sum = (xs: number[]) =>
    Math.min(
      3,
      xs.reduce((s, v) => s + v, 0),
    );
  const rowBest = max(rowP);
  const colBest = max(colP);
  const numeric = cell.number !== null ? 1 : 0;
  const cover = (nodes: readonly number[]) => coverOf(q, labels, nodes);
  const leafNode = (h: number | undefined) => (h === undefined ? [] : [tree.headers[h].node]);
  const path = [...cell.rowPath, ...cell.colPath];
  const unnamed = path.filter(
    (h) => !tree.headers[h].total && !labels.get(tree.headers[h].node)?.matched.length,
  ).length;
  return [
    rowBest,
    colBest,
    sum(rowP),
    sum(colP),
    rowLeafH === undefined ? 0 : pOf(tree.headers[rowLeafH].node),
    colLeafH === undefined ? 0 : pOf(tree.headers[colLeafH].node),
    q.mass ? coveredMass / q.mass : 0,
    q.mass ? elsewhere / q.mass : 0,
    siblingGap(index, cell.rowPath, pOf),
    siblingGap(index, cell.colPath, pOf),
    rowLeafH !== undefined && tree.headers[rowLeafH].total ? 1 : 0,
    colLeafH !== undefined && tree.headers[colLeafH].total ? 1 : 0,
    form.total ? 1 : 0,
    numeric,
    cell.rowLabel ? 1 : 0,
    form.wantText && cell.rowLabel ? 1 : 0,
    form.wantText ? numeric : 0,
    form.percent && cell.unit.percent ? 1 : 0,
    form.amount && cell.unit.percent ? 1 : 0,
    pOf(cell.node),
    Math.min(4, cell.rowPath.length),
    Math.min(4, cell.colPath.length),
    rowBest > 0.3 && colBest > 0.3 ? 1 : 0,
    cover(rowNodes),
    cover(colNodes),
    cover(leafNode(rowLeafH)),
    cover(leafNode(colLeafH)),
    siblingGap(index, cell.rowPath, (n) => cover([n])),
    siblingGap(index, cell.colPath, (n) => cover([n])),
    path.length ? unnamed / path.length : 0,
    totalOfNamed(index, cell.rowPath, pOf),
    siblingTie(index, cell.rowPath, pOf),
    siblingTie(index, cell.colPath, pOf),
    ...weightedCoverage(q, covered),
  ].map((v) => (Number.isFinite(v) ? v : 0));
}

/**
 * A total row of a group the question names (its parent or section) while naming none of the
 * group's other rows: "current assets" asked of a section whose last row is "Total current assets".
 */
function totalOfNamed(index: TableIndex, path: readonly number[], pOf: (node: number) => number): number {
  const { tree } = index;
  const leaf = path.at(-1);
  if (leaf === undefined || !tree.headers[leaf].total) return 0;
  const parent = tree.headers[leaf].parent;
  if (parent === null) return 0;
  const siblings = tree.headers[parent].children.filter((h) => h !== leaf);
  const named = Math.max(0, ...siblings.slice(0, 200).map((h) => pOf(tree.headers[h].node)));
  return Math.max(0, pOf(tree.headers[parent].node) - named);
}

/**
 * The question names this header and a sibling about as strongly ("2017 compared to 2016"): for a
 * lookup, the answer is then often in a third column (the change between them). Best over the path.
 */
function siblingTie(index: TableIndex, path: readonly number[], pOf: (node: number) => number): number {
  const { tree } = index;
  let tie = 0;
  for (const h of path) {
    const own = pOf(tree.headers[h].node);
    if (own < 0.3) continue;
    const header = tree.headers[h];
    const siblings =
      header.parent === null ? rootsOf(index, header.axis, header.level) : tree.headers[header.parent].children;
    for (const s of siblings.slice(0, 200))
      if (s !== h && pOf(tree.headers[s].node) >= 0.8 * own) tie = Math.max(tie, own);
  }
  return tie;
}

/**
 * Coverage weighted by how reliably each question term names an answer's headers (learned term
 * weights): the share covered, and the weighted mass of the terms the table holds that the cell's
 * headers leave out ("fuel" asked, a row without it).
 */
function weightedCoverage(q: QuestionText, covered: ReadonlySet<string>): [number, number] {
  let total = 0;
  let hit = 0;
  for (const t of q.terms) {
    const w = (q.weight.get(t) ?? 0.5) * (q.idf.get(t) ?? 0);
    total += w;
    if (covered.has(t)) hit += w;
  }
  return total ? [hit / total, (total - hit) / Math.max(1, q.terms.length)] : [0, 0];
}

/** Share of the question's idf mass the labels among `nodes` match. */
function coverOf(q: QuestionText, labels: LabelScores, nodes: readonly number[]): number {
  if (!q.mass) return 0;
  const terms = new Set<string>();
  for (const n of nodes) for (const t of labels.get(n)?.matched ?? []) terms.add(t);
  let m = 0;
  for (const t of terms) m += q.idf.get(t) ?? 0;
  return m / q.mass;
}

/**
 * How much more strongly the question names a sibling of a header on the path (another year, the
 * other sex) than the header itself: the best such gap along the path, 0 when none is named.
 */
function siblingGap(index: TableIndex, path: readonly number[], pOf: (node: number) => number): number {
  const { tree } = index;
  let gap = 0;
  for (const h of path) {
    const header = tree.headers[h];
    const own = pOf(header.node);
    const siblings =
      header.parent === null ? rootsOf(index, header.axis, header.level) : tree.headers[header.parent].children;
    let best = 0;
    for (const s of siblings.slice(0, 200)) if (s !== h) best = Math.max(best, pOf(tree.headers[s].node));
    gap = Math.max(gap, best - own);
  }
  return gap;
}

const roots = new WeakMap<TableIndex, Map<string, number[]>>();

/** Headers without a parent on one axis and level: siblings of each other. */
function rootsOf(index: TableIndex, axis: string, level: number): number[] {
  let byKey = roots.get(index);
  if (!byKey) {
    byKey = new Map();
    index.tree.headers.forEach((h, i) => {
      if (h.parent !== null) return;
      const key = `${h.axis}:${h.level}`;
      const list = byKey!.get(key);
      if (list) list.push(i);
      else byKey!.set(key, [i]);
    });
    roots.set(index, byKey);
  }
  return byKey.get(`${axis}:${level}`) ?? [];
}
