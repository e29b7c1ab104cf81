import type { CellNode } from "../../cell-graph/graph";
import type { Answer } from "../../trace/kinds-run";
import type { GraphotterContext } from "./context";
import type { OperationClass } from "./operation";
import { CELL_FEATURES } from "./cell-features";
import { bestInReach, cellFeatureVector, cellProbability } from "./question-reading";

const round = (v: number) => Math.round(Math.min(1, Math.max(0, v)) * 1000) / 1000;

/**
 * GraphOTTER's evidence for its answer, read from its own walk: how probable the cell it landed on
 * is by the cell model (and the runner-up among the cells it observed), how probable the headers
 * naming it are by the label model and how much of the question they cover, the operation and its
 * probability, cells reached, headers matched and steps. The verdict is calibrated on these.
 */
export function walkEvidence(
  ctx: GraphotterContext,
  out: { operation: string; cells: string[] },
  cells: readonly CellNode[],
  steps: number,
): NonNullable<Answer["walk"]> {
  const reading = ctx.reading();
  const { tree, nodeIndex } = ctx.index;
  const nodes = cells.map((c) => nodeIndex.get(c.id)).filter((i): i is number => i !== undefined);
  const used = nodes.map((i) => tree.cellOf.get(i)).filter((c): c is number => c !== undefined);
  const usedP = used.map((c) => cellProbability(reading, c));
  const others = [...ctx.walk.observed].filter((c) => !used.includes(c)).map((c) => cellProbability(reading, c));
  const labels = new Set<number>();
  for (const c of used)
    for (const h of [...tree.cells[c].rowPath, ...tree.cells[c].colPath]) labels.add(tree.headers[h].node);
  for (const i of nodes) if (tree.headerOf.has(i)) labels.add(i);
  const named = [...labels].map((n) => reading.labels.get(n)).filter((l) => l !== undefined);
  const covered = new Set(named.flatMap((l) => l.matched));
  let mass = 0;
  for (const t of covered) mass += reading.q.idf.get(t) ?? 0;
  const strong = named.filter((l) => l.p >= 0.5);
  // The landing cell's own features (cell-features.ts): siblings named instead, ties, coverage.
  const first = used[0];
  const f = first === undefined ? null : cellFeatureVector(reading, first);
  const at = (name: (typeof CELL_FEATURES)[number]) => (f ? f[CELL_FEATURES.indexOf(name)] : 0);
  return {
    inReach: first !== undefined && bestInReach(reading) === first,
    siblingNamed: round(Math.max(at("rowSibling"), at("colSibling"))),
    tie: round(Math.max(at("rowSiblingTie"), at("colSiblingTie"))),
    cover: round(at("weightedCover")),
    missed: Math.round(at("weightedMiss") * 1000) / 1000,
    cellProbability: round(usedP.length ? Math.max(...usedP) : 0),
    labelProbability: round(strong.length ? strong.reduce((s, l) => s + l.p, 0) / strong.length : 0),
    coverage: round(reading.q.mass ? mass / reading.q.mass : 0),
    operation: out.operation,
    operationProbability: round(reading.operations.get(out.operation as OperationClass) ?? 0),
    runnerUp: round(others.length ? Math.max(...others) : 0),
    cellsReached: ctx.walk.observed.size,
    headersMatched: reading.ranked.filter((l) => l.p >= 0.5).length,
    steps,
  };
}
