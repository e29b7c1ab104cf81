/** FGTR's retrieval metrics (§5.1): precision, recall, F2 (β = 2) and strict recall, per question. */
export type SetScore = { precision: number; recall: number; f2: number; strict: boolean };

/** Scores a predicted set against a gold set (gold must be non-empty). */
export function scoreSets(pred: ReadonlySet<string>, gold: ReadonlySet<string>): SetScore {
  let hit = 0;
  for (const g of gold) if (pred.has(g)) hit++;
  const precision = pred.size ? hit / pred.size : 0;
  const recall = gold.size ? hit / gold.size : 1;
  const f2 = precision + recall > 0 ? (5 * precision * recall) / (4 * precision + recall) : 0;
  return { precision, recall, f2, strict: hit === gold.size };
}

export type MeanScore = { recall: number; precision: number; f2: number; strictRecall: number; n: number };

/** Macro averages in percent over the questions that have a gold set. */
export function meanScores(scores: SetScore[]): MeanScore | undefined {
  if (!scores.length) return undefined;
  const avg = (f: (s: SetScore) => number) =>
    Math.round((10000 * scores.reduce((n, s) => n + f(s), 0)) / scores.length) / 100;
  return {
    recall: avg((s) => s.recall),
    precision: avg((s) => s.precision),
    f2: avg((s) => s.f2),
    strictRecall: avg((s) => (s.strict ? 1 : 0)),
    n: scores.length,
  };
}
