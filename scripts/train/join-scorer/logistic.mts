// A deterministic L2-regularised logistic regression: features standardised, then full-batch
// gradient descent with a fixed step count from zero weights, so the same data gives the same model.

export type LogisticFit = { mean: number[]; scale: number[]; weights: number[]; bias: number };

/** Mean and standard deviation per feature (scale 1 for a constant feature). */
function standardise(x: number[][]): { mean: number[]; scale: number[] } {
  const d = x[0]?.length ?? 0;
  const mean = Array.from({ length: d }, (_, j) => x.reduce((s, r) => s + r[j], 0) / Math.max(1, x.length));
  const scale = mean.map((m, j) => Math.sqrt(x.reduce((s, r) => s + (r[j] - m) ** 2, 0) / Math.max(1, x.length)) || 1);
  return { mean, scale };
}

/** Fits weights minimising mean log-loss + l2/2 · |w|² (the bias is not penalised). */
export function fitLogistic(
  x: number[][],
  y: boolean[],
  options: { l2: number; steps?: number; rate?: number },
): LogisticFit {
  const { mean, scale } = standardise(x);
  const z = x.map((r) => r.map((v, j) => (v - mean[j]) / scale[j]));
  const d = mean.length;
  const w = new Array<number>(d).fill(0);
  let b = 0;
  const steps = options.steps ?? 3000;
  const rate = options.rate ?? 0.5;
  for (let step = 0; step < steps; step++) {
    const grad = new Array<number>(d).fill(0);
    let gb = 0;
    for (let i = 0; i < z.length; i++) {
      let s = b;
      for (let j = 0; j < d; j++) s += w[j] * z[i][j];
      const err = 1 / (1 + Math.exp(-s)) - (y[i] ? 1 : 0);
      gb += err;
      for (let j = 0; j < d; j++) grad[j] += err * z[i][j];
    }
    for (let j = 0; j < d; j++) w[j] -= rate * (grad[j] / z.length + options.l2 * w[j]);
    b -= (rate * gb) / z.length;
  }
  return { mean, scale, weights: w, bias: b };
}
