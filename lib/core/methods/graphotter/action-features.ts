import type { GraphAction } from "../../trace/kinds-graph";

/**
 * The features of a candidate action in a reasoning state, one block per action type (the other
 * blocks are 0), so one linear scorer ranks VisitNode, GetSharedNeighbours, GetAllNeighbours and
 * AnswerQuestion against each other.
 */
export const ACTION_FEATURES = [
  "visit:bias",
  "visit:p",
  "visit:rank",
  "visit:axisTaken",
  "visit:newCoverage",
  "visit:body",
  "visit:reach",
  "visit:improves",
  "visit:completes",
  "visit:holdsBest",
  "visit:step",
  "shared:bias",
  "shared:pair",
  "shared:bestCell",
  "shared:improves",
  "shared:bestReach",
  "shared:completes",
  "shared:holdsBest",
  "shared:cells",
  "shared:step",
  "all:bias",
  "all:p",
  "all:groupOp",
  "all:improves",
  "all:bestReach",
  "all:completes",
  "all:holdsBest",
  "all:cells",
  "all:textWanted",
  "all:step",
  "answer:bias",
  "answer:bestObserved",
  "answer:gap",
  "answer:beaten",
  "answer:logGap",
  "answer:arithmeticMissing",
  "answer:optionMissing",
  "answer:bestMissing",
  "answer:coverage",
  "answer:groupReady",
  "answer:step",
  "answer:nothingElse",
] as const;

const BLOCK: Record<GraphAction, string> = {
  VisitNode: "visit",
  GetSharedNeighbours: "shared",
  GetAllNeighbours: "all",
  AnswerQuestion: "answer",
};

const position = new Map<string, number>(ACTION_FEATURES.map((f, i) => [f, i]));

/** A full action feature vector from one block's named values (missing names are 0). */
export function actionVector(action: GraphAction, values: Record<string, number>): number[] {
  const x = new Array<number>(ACTION_FEATURES.length).fill(0);
  const block = BLOCK[action];
  x[position.get(`${block}:bias`)!] = 1;
  for (const [name, v] of Object.entries(values)) {
    const i = position.get(`${block}:${name}`);
    if (i !== undefined) x[i] = Number.isFinite(v) ? v : 0;
  }
  return x;
}
