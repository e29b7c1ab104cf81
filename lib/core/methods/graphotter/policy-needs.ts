import { termsOf } from "../../cell-graph/match";
import { companions } from "./aggregate";
import { readOptions } from "./question";
import { cellProbability, type QuestionReading } from "./question-reading";

const ARITHMETIC = ["sum", "average", "difference", "ratio", "percent-change"] as const;
const CHOOSE = ["choose-max", "choose-min"] as const;

/** What the operation still needs from the walk: a second operand, an option's cell. */
export type Needs = {
  arithmetic: number;
  choose: number;
  /** A named companion of the best observed cell is observed (an arithmetic can be done). */
  hasCompanion: boolean;
  /** Options of a choice whose header has an observed cell, and how many options there are. */
  optionsCovered: number;
  options: number;
  /** Headers (header indexes) of the options not yet covered. */
  missingOptions: Set<number>;
  best: number | null;
};

/** The operation's needs in the current walk, read from the observed cells. */
export function walkNeeds(reading: QuestionReading, observed: ReadonlySet<number>): Needs {
  const { tree } = reading.index;
  const sum = (ops: readonly string[]) => ops.reduce((s, o) => s + (reading.operations.get(o as never) ?? 0), 0);
  const cells = [...observed].filter((c) => tree.cells[c].number !== null);
  const best = cells.length
    ? cells.reduce((a, b) => (cellProbability(reading, b) > cellProbability(reading, a) ? b : a))
    : null;
  const hasCompanion = best !== null && companions(reading, cells, best).some((c) => c.named >= 0.2);
  const texts = readOptions(reading.q.question)?.texts ?? [];
  const missingOptions = new Set<number>();
  let optionsCovered = 0;
  for (const option of texts) {
    const words = termsOf(option);
    const label = reading.ranked.find((l) => tree.headerOf.has(l.node) && l.matched.some((t) => words.includes(t)));
    if (!label) continue;
    const h = tree.headerOf.get(label.node)!;
    if (cells.some((c) => tree.cells[c].rowPath.includes(h) || tree.cells[c].colPath.includes(h))) optionsCovered++;
    else missingOptions.add(h);
  }
  return {
    arithmetic: sum(ARITHMETIC),
    choose: sum(CHOOSE),
    hasCompanion,
    optionsCovered,
    options: texts.length,
    missingOptions,
    best,
  };
}

/** Whether an action's cells would complete the operation: a companion of the best cell, or an option's cell. */
export function completes(reading: QuestionReading, needs: Needs, cells: readonly number[]): number {
  const { tree } = reading.index;
  let out = 0;
  if (needs.best !== null && !needs.hasCompanion && needs.arithmetic > 0.2) {
    const numeric = cells.filter((c) => tree.cells[c].number !== null && c !== needs.best);
    if (companions(reading, [needs.best, ...numeric], needs.best).some((c) => c.named >= 0.2))
      out = Math.max(out, needs.arithmetic);
  }
  if (needs.missingOptions.size && needs.choose > 0.2) {
    const hit = cells.some((c) =>
      [...tree.cells[c].rowPath, ...tree.cells[c].colPath].some((h) => needs.missingOptions.has(h)),
    );
    if (hit) out = Math.max(out, needs.choose);
  }
  return out;
}
