// Micro-averaged precision and recall of ranked lists against gold sets (the joins eval).

export type Counts = { tp: number; predicted: number; gold: number };
export type Scores = { all: Counts; atK: Record<number, Counts>; atGold: Counts };

/** Counts for the first k items of a ranked list (all of it when k is undefined); repeats count once. */
export function score(list: readonly string[], gold: ReadonlySet<string>, k?: number): Counts {
  const top = [...new Set(list)].slice(0, k ?? Infinity);
  return { tp: top.filter((x) => gold.has(x)).length, predicted: top.length, gold: gold.size };
}

export function sum(items: number[]): number;
export function sum(items: Counts[]): Counts;
export function sum(items: Array<number | Counts>): number | Counts {
  if (items.every((x) => typeof x === "number")) return (items as number[]).reduce((a, b) => a + b, 0);
  return (items as Counts[]).reduce(
    (a, b) => ({ tp: a.tp + b.tp, predicted: a.predicted + b.predicted, gold: a.gold + b.gold }),
    { tp: 0, predicted: 0, gold: 0 },
  );
}

export const precision = (c: Counts) => (c.predicted ? c.tp / c.predicted : 0);
export const recall = (c: Counts) => (c.gold ? c.tp / c.gold : 0);
export const f1 = (c: Counts) =>
  precision(c) + recall(c) ? (2 * precision(c) * recall(c)) / (precision(c) + recall(c)) : 0;
export const pct = (x: number) => `${(100 * x).toFixed(1)}%`;
/** "P 80.0% R 66.7% F1 72.7% (4/5 of 6)". */
export const pr = (c: Counts) =>
  `P ${pct(precision(c))} R ${pct(recall(c))} F1 ${pct(f1(c))} (${c.tp}/${c.predicted} of ${c.gold})`;
