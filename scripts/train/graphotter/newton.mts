// Newton's method for the policy's small dense models (a few dozen features): L2-regularised
// logistic regression and conditional logit converge in a few dozen exact steps where gradient
// descent on thousands of imbalanced rows barely moves the weights.

/** Solves A x = b (A symmetric positive definite, small) by Gaussian elimination with pivoting. */
export function solve(A: number[][], b: number[]): number[] {
  const n = b.length;
  const M = A.map((row, i) => [...row, b[i]]);
  for (let c = 0; c < n; c++) {
    let p = c;
    for (let r = c + 1; r < n; r++) if (Math.abs(M[r][c]) > Math.abs(M[p][c])) p = r;
    [M[c], M[p]] = [M[p], M[c]];
    const d = M[c][c] || 1e-12;
    for (let r = 0; r < n; r++) {
      if (r === c) continue;
      const f = M[r][c] / d;
      if (f) for (let k = c; k <= n; k++) M[r][k] -= f * M[c][k];
    }
  }
  return M.map((row, i) => row[n] / (M[i][i] || 1e-12));
}

/** A Newton step cut to at most 2 in any weight: separable or collinear data must not send weights off. */
function damped(step: number[]): number[] {
  const big = Math.max(...step.map(Math.abs));
  return big > 2 ? step.map((v) => (v * 2) / big) : step;
}

export type Standardised = { mean: number[]; scale: number[]; toZ: (x: number[]) => number[] };

/** Mean and scale of each feature over rows (scale 1 for a constant one). */
export function standardise(rows: number[][], d: number): Standardised {
  const n = Math.max(1, rows.length);
  const mean = Array.from({ length: d }, (_, j) => rows.reduce((s, x) => s + x[j], 0) / n);
  const scale = Array.from({ length: d }, (_, j) => {
    const v = rows.reduce((s, x) => s + (x[j] - mean[j]) ** 2, 0) / n;
    return v > 1e-12 ? Math.sqrt(v) : 1;
  });
  return { mean, scale, toZ: (x) => x.map((v, j) => (v - mean[j]) / scale[j]) };
}

/** Weighted L2 logistic regression by Newton (IRLS); the bias is the last weight and not penalised. */
export function newtonLogistic(X: number[][], y: number[], w: number[], l2: number, iterations = 20) {
  const d = X[0]?.length ?? 0;
  const st = standardise(X, d);
  const Z = X.map((x) => [...st.toZ(x), 1]);
  const beta = new Array<number>(d + 1).fill(0);
  const total = w.reduce((s, v) => s + v, 0) || 1;
  for (let it = 0; it < iterations; it++) {
    const g = new Array<number>(d + 1).fill(0);
    const H = Array.from({ length: d + 1 }, () => new Array<number>(d + 1).fill(0));
    Z.forEach((z, i) => {
      const s = z.reduce((a, v, j) => a + v * beta[j], 0);
      const p = 1 / (1 + Math.exp(-s));
      const e = (p - y[i]) * w[i];
      const h = Math.max(1e-6, p * (1 - p)) * w[i];
      for (let j = 0; j <= d; j++) {
        g[j] += e * z[j];
        for (let k = j; k <= d; k++) H[j][k] += h * z[j] * z[k];
      }
    });
    for (let j = 0; j <= d; j++) {
      for (let k = 0; k < j; k++) H[j][k] = H[k][j];
      g[j] /= total;
      for (let k = 0; k <= d; k++) H[j][k] /= total;
      if (j < d) {
        g[j] += l2 * beta[j];
        H[j][j] += l2;
      }
    }
    const step = damped(solve(H, g));
    let change = 0;
    for (let j = 0; j <= d; j++) {
      beta[j] -= step[j];
      change = Math.max(change, Math.abs(step[j]));
    }
    if (change < 1e-4) break;
  }
  return { mean: st.mean, scale: st.scale, weights: beta.slice(0, d), bias: beta[d] };
}

/** Conditional logit (softmax over each group's rows, one positive per group) by Newton. */
export function newtonConditionalLogit(
  groups: Array<{ x: number[][]; chosen: number; weight?: number }>,
  l2: number,
  iterations = 15,
) {
  const d = groups.find((g) => g.x.length)?.x[0].length ?? 0;
  const st = standardise(
    groups.flatMap((g) => g.x),
    d,
  );
  const Z = groups.map((g) => g.x.map(st.toZ));
  const beta = new Array<number>(d).fill(0);
  const total = groups.reduce((s, g) => s + (g.weight ?? 1), 0) || 1;
  for (let it = 0; it < iterations; it++) {
    const g = new Array<number>(d).fill(0);
    const H = Array.from({ length: d }, () => new Array<number>(d).fill(0));
    groups.forEach((grp, k) => {
      const zs = Z[k];
      if (!zs.length) return;
      const wt = grp.weight ?? 1;
      const s = zs.map((z) => z.reduce((a, v, j) => a + v * beta[j], 0));
      const top = Math.max(...s);
      const e = s.map((v) => Math.exp(v - top));
      const sum = e.reduce((a, v) => a + v, 0);
      const p = e.map((v) => v / sum);
      const mean = new Array<number>(d).fill(0);
      zs.forEach((z, c) => {
        for (let j = 0; j < d; j++) mean[j] += p[c] * z[j];
      });
      for (let j = 0; j < d; j++) g[j] += wt * (mean[j] - zs[grp.chosen][j]);
      zs.forEach((z, c) => {
        for (let j = 0; j < d; j++) {
          const a = p[c] * (z[j] - mean[j]);
          if (!a) continue;
          for (let m = j; m < d; m++) H[j][m] += wt * a * (z[m] - mean[m]);
        }
      });
    });
    for (let j = 0; j < d; j++) {
      for (let m = 0; m < j; m++) H[j][m] = H[m][j];
      g[j] = g[j] / total + l2 * beta[j];
      for (let m = 0; m < d; m++) H[j][m] /= total;
      H[j][j] += l2;
    }
    const step = damped(solve(H, g));
    let change = 0;
    for (let j = 0; j < d; j++) {
      beta[j] -= step[j];
      change = Math.max(change, Math.abs(step[j]));
    }
    if (change < 1e-4) break;
  }
  return { mean: st.mean, scale: st.scale, weights: beta };
}
