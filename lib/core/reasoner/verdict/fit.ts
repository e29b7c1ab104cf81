import { sigmoid } from "./calibration";

/**
 * Logistic regression by full-batch gradient descent with L2 on standardised features
 * (deterministic); `sampleWeights` weigh each example's loss (default 1 each).
 */
export function fitLogistic(
  X: number[][],
  y: number[],
  options: { l2?: number; iterations?: number; rate?: number; sampleWeights?: number[] } = {},
): { mean: number[]; scale: number[]; weights: number[]; bias: number } {
  const n = X.length;
  const d = X[0]?.length ?? 0;
  const l2 = options.l2 ?? 0.05;
  const mean = Array.from({ length: d }, (_, j) => X.reduce((s, x) => s + x[j], 0) / Math.max(1, n));
  const scale = Array.from({ length: d }, (_, j) => {
    const v = X.reduce((s, x) => s + (x[j] - mean[j]) ** 2, 0) / Math.max(1, n);
    return v > 1e-12 ? Math.sqrt(v) : 1;
  });
  const Z = X.map((x) => x.map((v, j) => (v - mean[j]) / scale[j]));
  const weights = new Array<number>(d).fill(0);
  const base = y.reduce((a, b) => a + b, 0) / Math.max(1, n);
  let bias = Math.log(Math.max(1e-3, base) / Math.max(1e-3, 1 - base));
  const rate = options.rate ?? 0.5;
  const sw = options.sampleWeights ?? y.map(() => 1);
  const total = sw.reduce((a, b) => a + b, 0) || 1;
  for (let it = 0; it < (options.iterations ?? 800); it++) {
    const g = new Array<number>(d).fill(0);
    let gb = 0;
    for (let i = 0; i < n; i++) {
      let z = bias;
      for (let j = 0; j < d; j++) z += weights[j] * Z[i][j];
      const e = (sigmoid(z) - y[i]) * sw[i];
      gb += e;
      for (let j = 0; j < d; j++) g[j] += e * Z[i][j];
    }
    for (let j = 0; j < d; j++) weights[j] -= rate * (g[j] / total + l2 * weights[j]);
    bias -= rate * (gb / total);
  }
  return { mean, scale, weights, bias };
}

/** Isotonic regression (pool adjacent violators) of y on score; knots at block means, increasing. */
export function fitIsotonic(scores: number[], y: number[]): { x: number[]; y: number[] } {
  const order = scores.map((s, i) => [s, y[i]] as const).sort((a, b) => a[0] - b[0]);
  const blocks: Array<{ sx: number; sy: number; n: number }> = [];
  for (const [s, v] of order) {
    blocks.push({ sx: s, sy: v, n: 1 });
    while (
      blocks.length > 1 &&
      blocks[blocks.length - 2].sy / blocks[blocks.length - 2].n >=
        blocks[blocks.length - 1].sy / blocks[blocks.length - 1].n
    ) {
      const b = blocks.pop()!;
      const a = blocks[blocks.length - 1];
      a.sx += b.sx;
      a.sy += b.sy;
      a.n += b.n;
    }
  }
  return { x: blocks.map((b) => b.sx / b.n), y: blocks.map((b) => b.sy / b.n) };
}

/** Expected calibration error over `bins` equal-width bins of confidence. */
export function expectedCalibrationError(confidence: number[], correct: number[], bins = 10): number {
  const acc = Array.from({ length: bins }, () => ({ n: 0, c: 0, y: 0 }));
  confidence.forEach((c, i) => {
    const b = acc[Math.min(bins - 1, Math.floor(c * bins))];
    b.n++;
    b.c += c;
    b.y += correct[i];
  });
  const n = confidence.length || 1;
  return acc.reduce((s, b) => s + (b.n ? (b.n / n) * Math.abs(b.c / b.n - b.y / b.n) : 0), 0);
}

/**
 * The lowest "answered" threshold whose answered set (confidence ≥ t among `eligible` answers) is
 * right at least `precision` of the time, so coverage is as large as that precision allows;
 * 1 when no threshold reaches it. `minCount` answered items at least, so a lucky few do not decide.
 */
export function answeredThreshold(
  confidence: number[],
  correct: number[],
  eligible: boolean[],
  precision: number,
  minCount = 10,
): number {
  const items = confidence
    .map((c, i) => ({ c, y: correct[i] }))
    .filter((_, i) => eligible[i])
    .sort((a, b) => b.c - a.c);
  let right = 0;
  let best = 1;
  for (let k = 0; k < items.length; k++) {
    right += items[k].y;
    const tie = k + 1 < items.length && items[k + 1].c === items[k].c;
    if (!tie && k + 1 >= minCount && right / (k + 1) >= precision) best = items[k].c;
  }
  return best;
}

/** The highest threshold below which answers are right at most `rate` of the time (no-answer). */
export function noAnswerThreshold(confidence: number[], correct: number[], rate: number, ceiling: number): number {
  const items = confidence.map((c, i) => ({ c, y: correct[i] })).sort((a, b) => a.c - b.c);
  let right = 0;
  let best = 0;
  for (let k = 0; k < items.length; k++) {
    right += items[k].y;
    const next = items[k + 1]?.c ?? 1;
    if (next > items[k].c && right / (k + 1) <= rate && next <= ceiling) best = next;
  }
  return best;
}
