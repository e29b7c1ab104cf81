import { z } from "zod";

/**
 * Gradient-boosted regression trees for a binary label (logistic loss), histogram-based: each
 * feature is cut at ≤ 32 quantile thresholds, trees grow level by level to a fixed depth.
 * Deterministic (no sampling), so the same data gives the same trees.
 */
export const boostedTreesSchema = z.object({
  /** Flat nodes per tree: feature < 0 marks a leaf holding `value`. */
  trees: z.array(
    z.object({
      feature: z.array(z.number().int()),
      threshold: z.array(z.number()),
      left: z.array(z.number().int()),
      right: z.array(z.number().int()),
      value: z.array(z.number()),
    }),
  ),
  base: z.number(),
});
export type BoostedTrees = z.infer<typeof boostedTreesSchema>;

export type BoostOptions = {
  trees?: number;
  depth?: number;
  learningRate?: number;
  lambda?: number;
  minHessian?: number;
  bins?: number;
};

const sigmoid = (z: number) => (z >= 0 ? 1 / (1 + Math.exp(-z)) : Math.exp(z) / (1 + Math.exp(z)));

/** The model's log-odds for one feature vector. */
function boostedMargin(model: BoostedTrees, x: readonly number[]): number {
  let s = model.base;
  for (const t of model.trees) {
    let n = 0;
    while (t.feature[n] >= 0) n = x[t.feature[n]] < t.threshold[n] ? t.left[n] : t.right[n];
    s += t.value[n];
  }
  return s;
}

/** Probability of one feature vector. */
export function boostedProbability(model: BoostedTrees, x: readonly number[]): number {
  return sigmoid(boostedMargin(model, x));
}

/** Quantile thresholds of one feature: a value goes right of threshold t when x ≥ t. */
function thresholdsOf(values: Float64Array, bins: number): number[] {
  const sorted = Float64Array.from(values).sort();
  const out: number[] = [];
  for (let b = 1; b < bins; b++) {
    const v = sorted[Math.floor((b * sorted.length) / bins)];
    if ((out.length === 0 || v > out[out.length - 1]) && v > sorted[0]) out.push(v);
  }
  return out;
}

/** Fits boosted trees to rows x (feature vectors) and labels y (0/1). */
export function trainBoosted(x: readonly number[][], y: readonly number[], options: BoostOptions = {}): BoostedTrees {
  const n = x.length;
  const d = x[0]?.length ?? 0;
  const { trees: count = 120, depth = 4, learningRate = 0.15, lambda = 1, minHessian = 5, bins = 32 } = options;
  const cuts = Array.from({ length: d }, (_, j) =>
    thresholdsOf(
      Float64Array.from(x, (r) => r[j]),
      bins,
    ),
  );
  // bin[j][i]: how many thresholds of feature j row i reaches.
  const bin = cuts.map((c, j) =>
    Uint8Array.from(x, (r) => {
      let b = 0;
      while (b < c.length && r[j] >= c[b]) b++;
      return b;
    }),
  );
  const pos = y.reduce((a, b) => a + b, 0);
  const base = Math.log(Math.max(1, pos) / Math.max(1, n - pos));
  const margin = new Float64Array(n).fill(base);
  const g = new Float64Array(n);
  const h = new Float64Array(n);
  const trees: BoostedTrees["trees"] = [];
  for (let t = 0; t < count; t++) {
    for (let i = 0; i < n; i++) {
      const p = sigmoid(margin[i]);
      g[i] = p - y[i];
      h[i] = Math.max(p * (1 - p), 1e-6);
    }
    const tree = {
      feature: [] as number[],
      threshold: [] as number[],
      left: [] as number[],
      right: [] as number[],
      value: [] as number[],
    };
    const leafOf = new Int32Array(n);
    const grow = (rows: Int32Array, level: number): number => {
      const id = tree.feature.length;
      tree.feature.push(-1), tree.threshold.push(0), tree.left.push(-1), tree.right.push(-1), tree.value.push(0);
      let G = 0;
      let H = 0;
      for (const i of rows) (G += g[i]), (H += h[i]);
      const leaf = () => {
        tree.value[id] = Math.round((-G / (H + lambda)) * learningRate * 1e6) / 1e6;
        for (const i of rows) leafOf[i] = id;
        return id;
      };
      if (level >= depth || H < 2 * minHessian) return leaf();
      let best = { gain: 1e-9, j: -1, b: -1 };
      const parent = (G * G) / (H + lambda);
      for (let j = 0; j < d; j++) {
        const nb = cuts[j].length + 1;
        if (nb < 2) continue;
        const hg = new Float64Array(nb);
        const hh = new Float64Array(nb);
        const bj = bin[j];
        for (const i of rows) (hg[bj[i]] += g[i]), (hh[bj[i]] += h[i]);
        let gl = 0;
        let hl = 0;
        for (let b = 0; b < nb - 1; b++) {
          gl += hg[b];
          hl += hh[b];
          const hr = H - hl;
          if (hl < minHessian || hr < minHessian) continue;
          const gr = G - gl;
          const gain = (gl * gl) / (hl + lambda) + (gr * gr) / (hr + lambda) - parent;
          if (gain > best.gain) best = { gain, j, b };
        }
      }
      if (best.j < 0) return leaf();
      const bj = bin[best.j];
      const leftRows = rows.filter((i) => bj[i] <= best.b);
      const rightRows = rows.filter((i) => bj[i] > best.b);
      tree.feature[id] = best.j;
      tree.threshold[id] = cuts[best.j][best.b];
      tree.left[id] = grow(leftRows, level + 1);
      tree.right[id] = grow(rightRows, level + 1);
      return id;
    };
    grow(
      Int32Array.from({ length: n }, (_, i) => i),
      0,
    );
    for (let i = 0; i < n; i++) margin[i] += tree.value[leafOf[i]];
    trees.push(tree);
  }
  return { trees, base: Math.round(base * 1e6) / 1e6 };
}
