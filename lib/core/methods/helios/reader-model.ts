import { z } from "zod";
import { normalizeText } from "../../text/normalize";
import type { ReaderCandidate } from "./reader-candidates";

/**
 * The learned reader's weights: a log-linear model over a question's candidates plus a "no
 * answer" candidate (its features are `null` and `null|wh=…`), trained on HybridQA by
 * scripts/train/trainers/helios-reader.mts. `threshold` is the probability below which the
 * reader abstains.
 */
export const readerModelSchema = z.object({
  kind: z.literal("helios-reader"),
  version: z.literal(1),
  threshold: z.number().min(0).max(1),
  weights: z.record(z.string(), z.number()),
});
export type ReaderModel = z.infer<typeof readerModelSchema>;

/** A distinct answer string with the probability mass of every candidate that reads the same. */
export type ScoredAnswer = { key: string; p: number; best: ReaderCandidate };

/** The "no answer" candidate's features for a question of this wh-class. */
export const nullFeatures = (wh: string): Record<string, number> => ({ null: 1, [`null|wh=${wh}`]: 1 });

/** Linear score of a feature map. */
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
  const max = Math.max(...scores);
  const ex = scores.map((s) => Math.exp(s - max));
  const sum = ex.reduce((a, b) => a + b, 0);
  return ex.map((e) => e / sum);
}

/** Strings that answer alike: SQuAD normalisation (case, punctuation, articles). */
export const answerKey = (text: string) =>
  normalizeText(text)
    .replace(/[.'/-]/g, " ")
    .replace(/\b(a|an|the)\b/g, " ")
    .replace(/\s+/g, " ")
    .trim();

/**
 * Scores a question's candidates: the softmax over them and the "no answer" candidate, with the
 * mass of candidates that read the same summed (an answer found in several places is surer).
 * Returns the answers best first and the probability that none of them is right.
 */
export function scoreCandidates(
  model: ReaderModel,
  wh: string,
  candidates: ReaderCandidate[],
): { answers: ScoredAnswer[]; none: number } {
  const scores = candidates.map((c) => linear(model.weights, c.features));
  const p = softmax([...scores, linear(model.weights, nullFeatures(wh))]);
  const byKey = new Map<string, { p: number; best: ReaderCandidate; bestScore: number }>();
  candidates.forEach((c, i) => {
    const key = answerKey(c.text);
    if (!key) return;
    const cur = byKey.get(key);
    if (!cur) byKey.set(key, { p: p[i], best: c, bestScore: scores[i] });
    else {
      cur.p += p[i];
      if (scores[i] > cur.bestScore) [cur.best, cur.bestScore] = [c, scores[i]];
    }
  });
  const answers = [...byKey.entries()]
    .map(([key, v]) => ({ key, p: v.p, best: v.best }))
    .sort((a, b) => b.p - a.p || a.key.localeCompare(b.key));
  return { answers, none: p[p.length - 1] };
}

/** Feature maps stored compactly: indices into a shared feature-name table, and values. */
export type SparseRow = { idx: Int32Array; val: Float32Array };
/** One training question: its candidates (and the "no answer" row last), which are right. */
export type ReaderExample = { rows: SparseRow[]; positives: number[] };

/** Interns feature names so that thousands of questions' candidates fit in memory. */
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

/** Seeded pseudo-random numbers (mulberry32), so training is reproducible. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Score of a sparse row under a dense weight vector. */
export const dot = (w: Float64Array, r: SparseRow) => {
  let s = 0;
  for (let i = 0; i < r.idx.length; i++) s += w[r.idx[i]] * r.val[i];
  return s;
};

/**
 * Fits the weights by maximising the log-probability of a question's right candidates (or of
 * "no answer", its last row, when none is right) with AdaGrad and L2, in a seeded order.
 */
export function fitReader(
  table: FeatureTable,
  examples: ReaderExample[],
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
      const pos = ex.positives.length ? ex.positives : [ex.rows.length - 1];
      const mass = pos.reduce((a, k) => a + p[k], 0);
      const touched = new Set<number>();
      ex.rows.forEach((r, k) => {
        const d = p[k] - (pos.includes(k) ? p[k] / mass : 0);
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
