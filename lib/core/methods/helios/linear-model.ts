/**
 * The small learning kit HELIOS's trained parts share (the edge and node rerankers, passage
 * verification, the reader): sparse feature rows with interned names, a linear score, a softmax
 * over a list, and a listwise log-linear fit with AdaGrad, seeded so training is reproducible.
 */
import { seededRandom } from "../../util/seeded-random";

/** Linear score of a feature map under named weights (features without a weight count 0). */
export function linear(weights: Record<string, number>, features: Record<string, number>): number {
  let s = 0;
  for (const k in features) {
    const w = weights[k];
    if (w !== undefined) s += w * features[k];
  }
  return s;
}

/** Softmax over scores (numerically stable). */
export function softmax(scores: number[]): number[] {
  if (!scores.length) return [];
  let max = -Infinity;
  for (const s of scores) if (s > max) max = s;
  const ex = scores.map((s) => Math.exp(s - max));
  const sum = ex.reduce((a, b) => a + b, 0);
  return ex.map((e) => e / sum);
}

/** Feature maps stored compactly: indices into a shared feature-name table, and values. */
export type SparseRow = { idx: Int32Array; val: Float32Array };
/**
 * One training list: its rows and which are right. A list with no right row counts its last row as
 * right (the reader's "no answer" row); lists of the rerankers always have one.
 */
export type ListExample = { rows: SparseRow[]; positives: number[] };

/** Interns feature names so that thousands of lists' rows fit in memory. */
export class FeatureTable {
  readonly names: string[] = [];
  private readonly ids = new Map<string, number>();
  /** A feature map as a sparse row, adding unseen names. */
  row(features: Record<string, number>): SparseRow {
    const keys = Object.keys(features).filter((k) => features[k] !== 0);
    const idx = new Int32Array(keys.length);
    const val = new Float32Array(keys.length);
    keys.forEach((k, i) => {
      let id = this.ids.get(k);
      if (id === undefined) {
        id = this.names.length;
        this.ids.set(k, id);
        this.names.push(k);
      }
      idx[i] = id;
      val[i] = features[k];
    });
    return { idx, val };
  }
}

/** Seeded pseudo-random numbers, so training is reproducible (the shared mulberry32). */
export { seededRandom };

/** Score of a sparse row under a dense weight vector. */
export const dot = (w: Float64Array, r: SparseRow) => {
  let s = 0;
  for (let i = 0; i < r.idx.length; i++) s += w[r.idx[i]] * r.val[i];
  return s;
};

/**
 * Fits weights by maximising the log-probability of each list's right rows under a softmax over
 * the list (SQuAD's logistic-regression span ranker is this model over a question's candidate
 * spans), with AdaGrad and L2, in a seeded order. Returns the non-zero weights by name.
 */
export function fitListwise(
  table: FeatureTable,
  examples: ListExample[],
  options: { seed: number; epochs?: number; rate?: number; l2?: number },
): Record<string, number> {
  const { epochs = 10, rate = 0.2, l2 = 1e-4 } = options;
  const n = table.names.length;
  const w = new Float64Array(n);
  const g2 = new Float64Array(n);
  const grad = new Float64Array(n);
  const random = seededRandom(options.seed);
  const order = examples.map((_, i) => i);
  for (let epoch = 0; epoch < epochs; epoch++) {
    for (let i = order.length - 1; i > 0; i--) {
      const j = Math.floor(random() * (i + 1));
      [order[i], order[j]] = [order[j], order[i]];
    }
    for (const e of order) {
      const ex = examples[e];
      const p = softmax(ex.rows.map((r) => dot(w, r)));
      const pos = new Set(ex.positives.length ? ex.positives : [ex.rows.length - 1]);
      let mass = 0;
      for (const k of pos) mass += p[k];
      const touched = new Set<number>();
      ex.rows.forEach((r, k) => {
        const d = p[k] - (pos.has(k) ? p[k] / mass : 0);
        if (Math.abs(d) < 1e-7) return;
        for (let i = 0; i < r.idx.length; i++) {
          grad[r.idx[i]] += d * r.val[i];
          touched.add(r.idx[i]);
        }
      });
      for (const f of touched) {
        const g = grad[f] + l2 * w[f];
        grad[f] = 0;
        g2[f] += g * g;
        w[f] -= (rate * g) / Math.sqrt(g2[f] + 1e-8);
      }
    }
  }
  const out: Array<[string, number]> = [];
  table.names.forEach((name, i) => {
    if (Math.abs(w[i]) > 1e-4) out.push([name, Math.round(w[i] * 1e4) / 1e4]);
  });
  return Object.fromEntries(out.sort(([a], [b]) => a.localeCompare(b)));
}
