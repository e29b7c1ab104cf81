import { z } from "zod";

/**
 * The trained confidence model (models/answer-confidence.json): a logistic model over the signal
 * features, an isotonic map from its score to the observed rate of right answers, and the
 * thresholds of the verdicts, all chosen on tune data by scripts/train/trainers/answer-confidence.mts.
 */
export const confidenceModelSchema = z.object({
  format: z.literal("tablesight.answer-confidence"),
  version: z.literal(1),
  features: z.array(z.string()),
  /** Standardisation: (x - mean) / scale, per feature. */
  mean: z.array(z.number()),
  scale: z.array(z.number()),
  weights: z.array(z.number()),
  bias: z.number(),
  /** Isotonic calibration: increasing knots (raw probability → calibrated), linearly interpolated. */
  isotonic: z.object({ x: z.array(z.number()), y: z.array(z.number()) }),
  /** confidence ≥ answered → "answered"; ≥ unsure → "unsure"; else "no-answer". */
  thresholds: z.object({ answered: z.number().min(0).max(1), unsure: z.number().min(0).max(1) }),
});
export type ConfidenceModel = z.infer<typeof confidenceModelSchema>;

export const sigmoid = (z: number) => 1 / (1 + Math.exp(-z));

/** The logistic model's raw probability for a feature vector (features matched by name). */
function rawProbability(model: ConfidenceModel, names: readonly string[], x: readonly number[]): number {
  const index = new Map(names.map((n, i) => [n, i]));
  let z = model.bias;
  model.features.forEach((f, i) => {
    const j = index.get(f);
    const v = j === undefined ? 0 : x[j];
    z += model.weights[i] * ((v - model.mean[i]) / (model.scale[i] || 1));
  });
  return sigmoid(z);
}

/** Piecewise-linear lookup of an increasing map; flat beyond its ends. */
export function interpolate(xs: readonly number[], ys: readonly number[], v: number): number {
  if (!xs.length) return v;
  if (v <= xs[0]) return ys[0];
  if (v >= xs[xs.length - 1]) return ys[ys.length - 1];
  let lo = 0;
  let hi = xs.length - 1;
  while (hi - lo > 1) {
    const mid = (lo + hi) >> 1;
    if (xs[mid] <= v) lo = mid;
    else hi = mid;
  }
  const t = xs[hi] === xs[lo] ? 0 : (v - xs[lo]) / (xs[hi] - xs[lo]);
  return ys[lo] + t * (ys[hi] - ys[lo]);
}

/** Calibrated confidence ∈ [0, 1] of a feature vector. */
export function calibratedConfidence(model: ConfidenceModel, names: readonly string[], x: readonly number[]): number {
  const c = interpolate(model.isotonic.x, model.isotonic.y, rawProbability(model, names, x));
  return Math.min(1, Math.max(0, c));
}

/**
 * A model for when none is trained yet (a fresh checkout before `npm run train`): failed hard
 * checks and missing vote agreement lower the score; its thresholds are strict so it abstains
 * rather than over-claims.
 */
export function untrainedModel(names: readonly string[]): ConfidenceModel {
  const w: Record<string, number> = {
    anyHardCheck: -3,
    voteAgreement: 1.5,
    questionCoverage: 1,
    "check:low-similarity-filter": -1,
  };
  return {
    format: "tablesight.answer-confidence",
    version: 1,
    features: [...names],
    mean: names.map(() => 0),
    scale: names.map(() => 1),
    weights: names.map((n) => w[n] ?? 0),
    bias: -0.5,
    isotonic: { x: [], y: [] },
    thresholds: { answered: 0.75, unsure: 0.2 },
  };
}
