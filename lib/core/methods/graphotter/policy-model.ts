import { z } from "zod";
import { CELL_FEATURES } from "./cell-features";
import { LABEL_FEATURES } from "./label-features";
import { ACTION_FEATURES } from "./action-features";

/** A logistic model over named features, standardised: p = σ(b + Σ wᵢ (xᵢ − meanᵢ) / scaleᵢ). */
const linearModelSchema = z.object({
  features: z.array(z.string()),
  mean: z.array(z.number()),
  scale: z.array(z.number()),
  weights: z.array(z.number()),
  bias: z.number(),
});
export type LinearModel = z.infer<typeof linearModelSchema>;

/** A multinomial logistic model over sparse word features (a vocabulary, one weight row per class). */
const softmaxModelSchema = z.object({
  classes: z.array(z.string()),
  vocabulary: z.array(z.string()),
  /** weights[c][v]: class c, vocabulary entry v. */
  weights: z.array(z.array(z.number())),
  bias: z.array(z.number()),
});
export type SoftmaxModel = z.infer<typeof softmaxModelSchema>;

/**
 * GraphOTTER's learned local policy (models/graphotter-policy.json, `npm run train --
 * graphotter-policy`): which cells a question names (label), which body cell a lookup lands on
 * (cell), which operation it asks for (operation), and which of the four actions to take next
 * (action: one linear scorer over every candidate action's features, the highest taken).
 */
export const graphotterModelSchema = z.object({
  format: z.literal("tablesight.graphotter-policy"),
  version: z.literal(1),
  label: linearModelSchema,
  cell: linearModelSchema,
  operation: softmaxModelSchema,
  action: linearModelSchema,
  /** Learned associations of question terms with header terms (label-features.ts), e.g. a word a
   *  question uses for what a header abbreviates. */
  associations: z.record(z.string(), z.record(z.string(), z.number())).optional(),
  /** How often each question term names the headers of an answer, learned (question-term weights). */
  termWeights: z.record(z.string(), z.number()).optional(),
});
export type GraphotterModel = z.infer<typeof graphotterModelSchema>;

const sigmoid = (z: number) => 1 / (1 + Math.exp(-z));

/** A linear model's weights laid out in `names` order (a feature it lacks weighs 0): code and file may differ. */
function alignLinear(m: LinearModel, names: readonly string[]): LinearModel {
  if (m.features.length === names.length && m.features.every((f, i) => f === names[i])) return m;
  const at = new Map(m.features.map((f, i) => [f, i]));
  const pick = (xs: number[], fallback: number) => names.map((n) => (at.has(n) ? xs[at.get(n)!] : fallback));
  return {
    features: [...names],
    mean: pick(m.mean, 0),
    scale: pick(m.scale, 1),
    weights: pick(m.weights, 0),
    bias: m.bias,
  };
}

const aligned = new WeakMap<GraphotterModel, GraphotterModel>();

/**
 * The model with every linear part in the feature order this code computes (by name), so a model
 * trained before a feature was added (or reordered) still applies; memoised per model.
 */
export function alignModel(m: GraphotterModel): GraphotterModel {
  let a = aligned.get(m);
  if (!a) {
    a = {
      ...m,
      label: alignLinear(m.label, LABEL_FEATURES),
      cell: alignLinear(m.cell, CELL_FEATURES),
      action: alignLinear(m.action, ACTION_FEATURES),
    };
    aligned.set(m, a);
  }
  return a;
}

/** The linear score (before the sigmoid) of a feature vector given in the model's feature order. */
export function linearScore(m: LinearModel, x: readonly number[]): number {
  let z = m.bias;
  for (let i = 0; i < m.weights.length; i++) z += m.weights[i] * (((x[i] ?? 0) - m.mean[i]) / (m.scale[i] || 1));
  return z;
}

/** The logistic probability of a feature vector. */
export const linearProbability = (m: LinearModel, x: readonly number[]) => sigmoid(linearScore(m, x));

/** Class probabilities of a set of sparse features, in the model's class order. */
export function softmaxProbabilities(m: SoftmaxModel, features: readonly string[]): number[] {
  const at = vocabularyIndex(m);
  const ids = features.map((f) => at.get(f)).filter((i): i is number => i !== undefined);
  const z = m.classes.map((_, c) => ids.reduce((s, i) => s + m.weights[c][i], m.bias[c]));
  const top = Math.max(...z);
  const e = z.map((v) => Math.exp(v - top));
  const total = e.reduce((s, v) => s + v, 0);
  return e.map((v) => v / total);
}

const vocabularies = new WeakMap<SoftmaxModel, Map<string, number>>();
function vocabularyIndex(m: SoftmaxModel): Map<string, number> {
  let at = vocabularies.get(m);
  if (!at) vocabularies.set(m, (at = new Map(m.vocabulary.map((v, i) => [v, i]))));
  return at;
}

const untrained = (features: readonly string[], w: Record<string, number>, bias: number): LinearModel => ({
  features: [...features],
  mean: features.map(() => 0),
  scale: features.map(() => 1),
  weights: features.map((f) => w[f] ?? 0),
  bias,
});

/**
 * The policy before `npm run train` has made one (a fresh checkout, unit tests): hand-set weights
 * that read names by idf coverage, land where named row and column headers meet, and answer once
 * such a cell is in the trace. The trained model replaces every part.
 */
export const UNTRAINED_GRAPHOTTER_MODEL: GraphotterModel = {
  format: "tablesight.graphotter-policy",
  version: 1,
  label: untrained(LABEL_FEATURES, { cover: 3, mass: 4, phrase: 1, cosine: 1, softCover: 1, body: -0.5 }, -3),
  cell: untrained(
    CELL_FEATURES,
    {
      rowBest: 3,
      colBest: 3,
      coverage: 4,
      namedElsewhere: -3,
      rowSibling: -2,
      colSibling: -2,
      numeric: 1,
      textWanted: 2,
      textWantedNumber: -2,
      self: -2,
      bothSides: 1,
      percentMatch: 0.5,
    },
    -6,
  ),
  operation: { classes: ["lookup"], vocabulary: [], weights: [[]], bias: [0] },
  action: untrained(
    ACTION_FEATURES,
    {
      "visit:p": 4,
      "visit:newCoverage": 3,
      "visit:bias": -2,
      "shared:bestCell": 6,
      "shared:bias": -1,
      "all:groupOp": 4,
      "all:p": 1,
      "all:bias": -3,
      "answer:bestObserved": 5,
      "answer:groupReady": 3,
      "answer:step": 2,
      "answer:bias": -2.5,
    },
    0,
  ),
};
