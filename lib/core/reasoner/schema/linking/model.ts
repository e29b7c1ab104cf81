import { z } from "zod";
import { boostedProbability, boostedTreesSchema } from "./boosted";

/**
 * The schema linker's classifier: L2-regularised logistic regression over standardised features
 * (small, one readable weight per feature), or boosted trees (boosted.ts) when feature
 * interactions matter. Both are hand-rolled, dependency-free and train deterministically; both
 * output a probability the vote can use.
 */
const logisticWeightsSchema = z.object({
  kind: z.literal("logistic-regression"),
  features: z.array(z.string()).min(1),
  mean: z.array(z.number()),
  scale: z.array(z.number()),
  weights: z.array(z.number()),
  bias: z.number(),
  /** Probability from which a column is linked (chosen on tune data to maximise schema F2). */
  cut: z.number().min(0).max(1),
});
export type LogisticWeights = z.infer<typeof logisticWeightsSchema>;

const treeWeightsSchema = z.object({
  kind: z.literal("boosted-trees"),
  features: z.array(z.string()).min(1),
  model: boostedTreesSchema,
  cut: z.number().min(0).max(1),
});

export const linkerWeightsSchema = z.discriminatedUnion("kind", [logisticWeightsSchema, treeWeightsSchema]);
export type LinkerWeights = z.infer<typeof linkerWeightsSchema>;

/** Checks that weights fit a feature list; throws with the mismatch. */
export function assertCompatible(weights: LinkerWeights, features: readonly string[]): void {
  const n = features.length;
  if (weights.features.length !== n || weights.features.some((f, i) => f !== features[i])) {
    throw new Error(
      `the schema-linker weights were trained on other features (${weights.features.length} vs ${n}); ` +
        `run npm run train`,
    );
  }
  if (weights.kind === "boosted-trees") {
    if (weights.model.trees.some((t) => t.feature.some((f) => f >= n)))
      throw new Error("the schema-linker trees use a feature that does not exist");
    return;
  }
  if (weights.mean.length !== n || weights.scale.length !== n || weights.weights.length !== n) {
    throw new Error("the schema-linker weights have vectors of the wrong length");
  }
}

const sigmoid = (z: number) => (z >= 0 ? 1 / (1 + Math.exp(-z)) : Math.exp(z) / (1 + Math.exp(z)));

/** Probability of one feature vector. */
export function predictProbability(w: LinkerWeights, x: readonly number[]): number {
  if (w.kind === "boosted-trees") return boostedProbability(w.model, x);
  let z = w.bias;
  for (let j = 0; j < x.length; j++) z += w.weights[j] * ((x[j] - w.mean[j]) / w.scale[j]);
  return sigmoid(z);
}

export type TrainOptions = { l2?: number; epochs?: number; learningRate?: number };

/**
 * Fits logistic regression by full-batch gradient descent with Adam steps from zero weights:
 * the same data always gives the same weights. Features are standardised first.
 */
export function trainLogistic(
  x: readonly number[][],
  y: readonly number[],
  features: readonly string[],
  options: TrainOptions = {},
): LogisticWeights {
  const n = x.length;
  const d = features.length;
  if (!n) throw new Error("no training examples");
  const mean = new Array<number>(d).fill(0);
  const scale = new Array<number>(d).fill(0);
  for (const row of x) for (let j = 0; j < d; j++) mean[j] += row[j] / n;
  for (const row of x) for (let j = 0; j < d; j++) scale[j] += (row[j] - mean[j]) ** 2 / n;
  // A constant feature (variance ~0) keeps scale 1, so it never divides by ~0.
  for (let j = 0; j < d; j++) scale[j] = scale[j] > 1e-12 ? Math.sqrt(scale[j]) : 1;
  const z = x.map((row) => Float64Array.from(row, (v, j) => (v - mean[j]) / scale[j]));
  const l2 = options.l2 ?? 1e-3;
  const lr = options.learningRate ?? 0.05;
  const w = new Float64Array(d);
  let b = 0;
  const m = new Float64Array(d + 1);
  const v = new Float64Array(d + 1);
  const grad = new Float64Array(d + 1);
  for (let epoch = 1; epoch <= (options.epochs ?? 400); epoch++) {
    grad.fill(0);
    for (let i = 0; i < n; i++) {
      const row = z[i];
      let s = b;
      for (let j = 0; j < d; j++) s += w[j] * row[j];
      const err = sigmoid(s) - y[i];
      for (let j = 0; j < d; j++) grad[j] += (err * row[j]) / n;
      grad[d] += err / n;
    }
    for (let j = 0; j < d; j++) grad[j] += l2 * w[j];
    for (let j = 0; j <= d; j++) {
      m[j] = 0.9 * m[j] + 0.1 * grad[j];
      v[j] = 0.999 * v[j] + 0.001 * grad[j] * grad[j];
      const step = (lr * (m[j] / (1 - 0.9 ** epoch))) / (Math.sqrt(v[j] / (1 - 0.999 ** epoch)) + 1e-8);
      if (j < d) w[j] -= step;
      else b -= step;
    }
  }
  const round = (t: number) => Math.round(t * 1e6) / 1e6;
  return {
    kind: "logistic-regression",
    features: [...features],
    mean: mean.map(round),
    scale: scale.map(round),
    weights: [...w].map(round),
    bias: round(b),
    cut: 0.5,
  };
}
