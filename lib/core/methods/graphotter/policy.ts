import type { GraphAction } from "../../trace/kinds-graph";
import { ACTION_FEATURES, actionVector } from "./action-features";
import { GROUP_OPERATIONS } from "./operation";
import { linearScore } from "./policy-model";
import { bestInReach, cellProbability, type QuestionReading } from "./question-reading";
import { cellsOnLines } from "./lines";
import { completes, walkNeeds } from "./policy-needs";
import { linesOfNode } from "./table-index";

/** Where the walk is: the nodes in the trace, the body cells observed so far, what was done. */
export type PolicyState = {
  trace: number[];
  /** Indexes into tree.cells of the body cells the actions returned. */
  observed: Set<number>;
  done: Set<string>;
  /** Node index of the header whose whole line was read (GetAllNeighbours), if any. */
  group: number | null;
  step: number;
  maxSteps: number;
};

/** One action the policy may take, with its features, the nodes it names and the cells it would reach. */
export type CandidateAction = { action: GraphAction; nodes: number[]; cells: number[]; x: number[]; score: number };

/** Labels considered for VisitNode at most (the best by the label model). */
const VISIT_CANDIDATES = 8;
/** Cells an action is looked into at most, to score what it would reach. */
const PEEK = 400;

/** Key of an action over node indexes, as the run's repeat check keys it (pairs in any order). */
export const candidateKey = (c: Pick<CandidateAction, "action" | "nodes">) =>
  `${c.action}(${[...c.nodes].sort((a, b) => a - b).join("|")})`;

/**
 * The candidate actions of a state, each scored by the learned action model: VisitNode for the
 * best labels not yet in the trace, GetSharedNeighbours for a row-side and a column-side label in
 * the trace, GetAllNeighbours for a header in the trace (a group an aggregation reads whole), and
 * AnswerQuestion. The policy takes the highest (chooseAction).
 */
export function candidateActions(reading: QuestionReading, state: PolicyState): CandidateAction[] {
  const { index } = reading;
  const out: CandidateAction[] = [];
  const step = state.step / Math.max(1, state.maxSteps);
  const inTrace = new Set(state.trace);
  const covered = new Set(state.trace.flatMap((n) => reading.labels.get(n)?.matched ?? []));
  const mass = reading.q.mass || 1;
  const axisOf = (n: number) => {
    const l = linesOfNode(index, n);
    return l.cols ? "column" : "row";
  };
  const bestOnAxis = new Map<string, number>();
  for (const n of state.trace) {
    const p = reading.labels.get(n)?.p ?? 0;
    bestOnAxis.set(axisOf(n), Math.max(bestOnAxis.get(axisOf(n)) ?? 0, p));
  }
  const add = (action: GraphAction, nodes: number[], cells: number[], values: Record<string, number>) => {
    const c = { action, nodes, cells, x: actionVector(action, values), score: 0 };
    if (state.done.has(candidateKey(c))) return;
    c.score = linearScore(reading.model.action, c.x);
    out.push(c);
  };
  const groupOp = [...GROUP_OPERATIONS].reduce((s, o) => s + (reading.operations.get(o as never) ?? 0), 0);
  const bestObserved = state.observed.size
    ? Math.max(...[...state.observed].map((c) => cellProbability(reading, c)))
    : 0;
  const needs = walkNeeds(reading, state.observed);
  // The best cell in reach of the question's labels, and whether an action's cells or lines hold it.
  const target = bestInReach(reading);
  const holds = (cells: readonly number[]) => (target !== null && cells.includes(target) ? 1 : 0);
  const onLines = (node: number) => {
    if (target === null) return 0;
    const cell = index.tree.cells[target];
    const h = index.tree.headerOf.get(node);
    if (h === undefined) return index.graph.nodes[node].rows.includes(cell.row) ? 1 : 0;
    return cell.rowPath.includes(h) || cell.colPath.includes(h) ? 1 : 0;
  };
  const rowSide = state.trace.filter((n) => linesOfNode(index, n).rows);
  const colSide = state.trace.filter((n) => linesOfNode(index, n).cols);
  let rank = 0;
  for (const l of reading.ranked) {
    if (rank >= VISIT_CANDIDATES || l.p < 0.02) break;
    if (inTrace.has(l.node)) continue;
    rank++;
    const fresh = l.matched.filter((t) => !covered.has(t)).reduce((s, t) => s + (reading.q.idf.get(t) ?? 0), 0);
    // What visiting it would let a later GetSharedNeighbours reach, with the trace's other side.
    const own = linesOfNode(index, l.node);
    const later = (own.rows ? colSide : rowSide).flatMap((t) => {
      const other = linesOfNode(index, t);
      return cellsOnLines(index, own.rows ?? other.rows, own.cols ?? other.cols, PEEK / 4);
    });
    const reach = later.length ? Math.max(...later.map((c) => cellProbability(reading, c))) : 0;
    add("VisitNode", [l.node], [], {
      reach,
      improves: Math.max(0, reach - bestObserved),
      completes: completes(reading, needs, later),
      holdsBest: state.observed.has(target ?? -1) ? 0 : onLines(l.node),
      p: l.p,
      rank: rank / VISIT_CANDIDATES,
      axisTaken: (bestOnAxis.get(axisOf(l.node)) ?? 0) >= l.p ? 1 : 0,
      newCoverage: fresh / mass,
      body: index.tree.headerOf.has(l.node) ? 0 : 1,
      step,
    });
  }
  let bestReachable = 0;
  for (const a of rowSide) {
    for (const b of colSide) {
      const cells = cellsOnLines(index, linesOfNode(index, a).rows, linesOfNode(index, b).cols, PEEK);
      if (!cells.length) continue;
      const bestCell = Math.max(...cells.map((c) => cellProbability(reading, c)));
      bestReachable = Math.max(bestReachable, bestCell);
      add("GetSharedNeighbours", [a, b], cells, {
        pair: (reading.labels.get(a)?.p ?? 0) * (reading.labels.get(b)?.p ?? 0),
        bestCell,
        improves: Math.max(0, bestCell - bestObserved),
        completes: completes(reading, needs, cells),
        holdsBest: state.observed.has(target ?? -1) ? 0 : holds(cells),
        cells: Math.log(1 + cells.length) / 5,
        step,
      });
    }
  }
  for (const h of state.trace) {
    if (!index.tree.headerOf.has(h)) continue;
    const lines = linesOfNode(index, h);
    const cells = cellsOnLines(index, lines.rows, lines.cols, PEEK);
    if (cells.length < 2) continue;
    const bestCell = Math.max(...cells.map((c) => cellProbability(reading, c)));
    bestReachable = Math.max(bestReachable, bestCell);
    add("GetAllNeighbours", [h], cells, {
      improves: Math.max(0, bestCell - bestObserved),
      completes: completes(reading, needs, cells),
      holdsBest: state.observed.has(target ?? -1) ? 0 : holds(cells),
      p: reading.labels.get(h)?.p ?? 0,
      groupOp,
      cells: Math.log(1 + cells.length) / 5,
      textWanted: reading.form.wantText ? 1 : 0,
      step,
    });
  }
  // Which actions reach the best cell in reach: the policy's clearest cue to keep walking.
  for (const c of out) {
    if (c.action !== "GetSharedNeighbours" && c.action !== "GetAllNeighbours") continue;
    const mine = Math.max(...c.cells.map((x) => cellProbability(reading, x)));
    if (mine >= bestReachable && bestReachable > bestObserved) {
      c.x[ACTION_FEATURES.indexOf(c.action === "GetSharedNeighbours" ? "shared:bestReach" : "all:bestReach")] = 1;
      c.score = linearScore(reading.model.action, c.x);
    }
  }
  let strong = 0;
  let reached = 0;
  for (const [t, w] of reading.strongTerms) {
    strong += w;
    if (covered.has(t)) reached += w;
  }
  out.push({
    action: "AnswerQuestion",
    nodes: [],
    cells: [],
    x: actionVector("AnswerQuestion", {
      bestObserved,
      gap: Math.max(0, bestReachable - bestObserved),
      beaten: bestReachable > bestObserved ? 1 : 0,
      logGap: Math.max(0, Math.log((bestReachable + 1e-4) / (bestObserved + 1e-4))),
      arithmeticMissing: needs.hasCompanion ? 0 : needs.arithmetic,
      optionMissing: needs.options >= 2 && needs.optionsCovered < 2 ? needs.choose : 0,
      bestMissing: target !== null && !state.observed.has(target) ? 1 : 0,
      coverage: strong ? reached / strong : 1,
      groupReady: state.group !== null ? groupOp : 0,
      step,
      nothingElse: out.length === 0 ? 1 : 0,
    }),
    score: 0,
  });
  const answer = out.at(-1)!;
  answer.score = linearScore(reading.model.action, answer.x);
  return out;
}

/** The policy's choice in a state: the candidate with the highest score (AnswerQuestion at the step limit). */
export function chooseAction(reading: QuestionReading, state: PolicyState): CandidateAction {
  const candidates = candidateActions(reading, state);
  if (state.step >= state.maxSteps) return candidates.at(-1)!;
  return candidates.reduce((best, c) => (c.score > best.score ? c : best));
}
