import type { FeatureVector } from "./features";
import { softmax, type Weights } from "./ranker";
import { seededRandom } from "../../util/seeded-random";

/** A feature vector with interned feature ids (compact: training holds ~10⁵ candidates). */
export type CompactVector = { ids: Int32Array; values: Float32Array };

/** One training question: its candidates' features and which of them gave the gold answer. */
export type TrainingGroup = { features: CompactVector[]; positive: boolean[] };

export type TrainOptions = { epochs: number; learningRate: number; l2: number; seed: number };

/** Interns feature names to dense ids. */
export class FeatureIndex {
  readonly names: string[] = [];
  private readonly ids = new Map<string, number>();

  compact(f: FeatureVector): CompactVector {
    const ids = new Int32Array(f.size);
    const values = new Float32Array(f.size);
    let i = 0;
    for (const [k, v] of f) {
      let id = this.ids.get(k);
      if (id === undefined) {
        id = this.names.length;
        this.names.push(k);
        this.ids.set(k, id);
      }
      ids[i] = id;
      values[i++] = v;
    }
    return { ids, values };
  }
}

const dot = (w: Float64Array, f: CompactVector) => {
  let s = 0;
  for (let i = 0; i < f.ids.length; i++) s += w[f.ids[i]] * f.values[i];
  return s;
};

/**
 * Trains a log-linear ranker by maximising the marginal likelihood of the positive candidates
 * of each question (Pasupat & Liang 2015: any program that executes to the gold answer counts),
 * with AdaGrad and L2 regularisation. Groups without a positive (or with only positives) teach
 * nothing and are skipped. Deterministic for a given seed. Returns weights by feature name.
 */
export function trainLogLinear(groups: TrainingGroup[], index: FeatureIndex, options: TrainOptions): Weights {
  const n = index.names.length;
  const w = new Float64Array(n);
  const g2 = new Float64Array(n);
  const usable = groups.filter((g) => g.positive.some(Boolean) && !g.positive.every(Boolean));
  const random = seededRandom(options.seed);
  const order = usable.map((_, i) => i);
  const grad = new Float64Array(n);
  const seen = new Uint8Array(n);
  const touched: number[] = [];
  for (let epoch = 0; epoch < options.epochs; epoch++) {
    for (let i = order.length - 1; i > 0; i--) {
      const j = Math.floor(random() * (i + 1));
      [order[i], order[j]] = [order[j], order[i]];
    }
    for (const gi of order) {
      const g = usable[gi];
      const p = softmax(g.features.map((f) => dot(w, f)));
      const posMass = p.reduce((a, x, i) => a + (g.positive[i] ? x : 0), 0);
      // d log Σ_pos p / d s_i = q_i − p_i, with q the distribution restricted to the positives.
      g.features.forEach((f, i) => {
        const coef = (g.positive[i] ? p[i] / posMass : 0) - p[i];
        if (Math.abs(coef) < 1e-9) return;
        for (let k = 0; k < f.ids.length; k++) {
          const id = f.ids[k];
          if (!seen[id]) {
            seen[id] = 1;
            touched.push(id);
          }
          grad[id] += coef * f.values[k];
        }
      });
      for (const id of touched) {
        const step = grad[id] - options.l2 * w[id];
        g2[id] += step * step;
        w[id] += (options.learningRate * step) / Math.sqrt(g2[id] + 1e-8);
        grad[id] = 0;
        seen[id] = 0;
      }
      touched.length = 0;
    }
  }
  const out: Weights = {};
  const ids = index.names.map((_, i) => i).sort((a, b) => (index.names[a] < index.names[b] ? -1 : 1));
  for (const id of ids) if (Math.abs(w[id]) >= 0.01) out[index.names[id]] = Math.round(w[id] * 1e4) / 1e4;
  return out;
}

/** Score of a compact vector under named weights (for metrics on held-out groups). */
export function scoreCompact(weights: Weights, index: FeatureIndex, f: CompactVector): number {
  let s = 0;
  for (let i = 0; i < f.ids.length; i++) s += (weights[index.names[f.ids[i]]] ?? 0) * f.values[i];
  return s;
}
