// The three kinds of model GraphOTTER's policy is made of, fitted deterministically from zero weights:
// a logistic model (labels, cells: the shared fitLogistic), a multinomial one over sparse word
// features (the operation), and a conditional logit that ranks one state's candidate actions.
import type { LinearModel, SoftmaxModel } from "../../../lib/core/methods/graphotter/policy-model.ts";
import { newtonConditionalLogit, newtonLogistic } from "./newton.mts";

/** A logistic model over named features (standardised), optionally weighting examples. */
export function fitLinear(
  names: readonly string[],
  X: number[][],
  y: number[],
  options: { l2?: number; iterations?: number; sampleWeights?: number[] } = {},
): LinearModel {
  const m = newtonLogistic(X, y, options.sampleWeights ?? y.map(() => 1), options.l2 ?? 1e-3, options.iterations ?? 30);
  return { features: [...names], ...m };
}

/** Multinomial logistic regression over sparse features seen at least `minCount` times. */
export function fitSoftmax(
  examples: Array<{ features: string[]; label: string; weight?: number }>,
  classes: readonly string[],
  options: { minCount?: number; l2?: number; iterations?: number; rate?: number } = {},
): SoftmaxModel {
  const counts = new Map<string, number>();
  for (const e of examples) for (const f of new Set(e.features)) counts.set(f, (counts.get(f) ?? 0) + 1);
  const vocabulary = [...counts.entries()]
    .filter(([, n]) => n >= (options.minCount ?? 2))
    .map(([f]) => f)
    .sort();
  const at = new Map(vocabulary.map((f, i) => [f, i]));
  const rows = examples.map((e) => ({
    ids: [...new Set(e.features.map((f) => at.get(f)).filter((i): i is number => i !== undefined))],
    y: classes.indexOf(e.label),
    w: e.weight ?? 1,
  }));
  const K = classes.length;
  const V = vocabulary.length;
  // Dense class × vocabulary arrays: a Map per class per step cost minutes on a few thousand questions.
  const W = Array.from({ length: K }, () => new Float64Array(V));
  const b = new Float64Array(K);
  const l2 = options.l2 ?? 1e-3;
  const rate = options.rate ?? 0.5;
  const total = rows.reduce((s, r) => s + r.w, 0) || 1;
  const gW = Array.from({ length: K }, () => new Float64Array(V));
  const gb = new Float64Array(K);
  const z = new Float64Array(K);
  for (let it = 0; it < (options.iterations ?? 300); it++) {
    for (let c = 0; c < K; c++) gW[c].fill(0);
    gb.fill(0);
    for (const r of rows) {
      let top = -Infinity;
      for (let c = 0; c < K; c++) {
        let v = b[c];
        const Wc = W[c];
        for (const i of r.ids) v += Wc[i];
        z[c] = v;
        if (v > top) top = v;
      }
      let sum = 0;
      for (let c = 0; c < K; c++) sum += z[c] = Math.exp(z[c] - top);
      for (let c = 0; c < K; c++) {
        const err = (z[c] / sum - (c === r.y ? 1 : 0)) * r.w;
        gb[c] += err;
        const g = gW[c];
        for (const i of r.ids) g[i] += err;
      }
    }
    for (let c = 0; c < K; c++) {
      const Wc = W[c];
      const g = gW[c];
      for (let i = 0; i < V; i++) Wc[i] -= rate * (g[i] / total + l2 * Wc[i]);
      b[c] -= (rate * gb[c]) / total;
    }
  }
  const round = (v: number) => Math.round(v * 1e5) / 1e5;
  return {
    classes: [...classes],
    vocabulary,
    weights: W.map((row) => Array.from(row, round)),
    bias: Array.from(b, round),
  };
}

/** One decision: the feature vectors of the candidates and which one the oracle took. */
export type Decision = { x: number[][]; chosen: number; weight?: number };

/** A conditional logit (one linear scorer, softmax over each decision's candidates), fitted by Newton. */
export function fitConditionalLogit(
  names: readonly string[],
  decisions: Decision[],
  options: { l2?: number } = {},
): LinearModel {
  const m = newtonConditionalLogit(decisions, options.l2 ?? 0.005);
  return { features: [...names], mean: m.mean, scale: m.scale, weights: m.weights, bias: 0 };
}

/**
 * A ranker that also reads as a probability: a conditional logit over each question's candidates
 * (it learns to put the gold one first), then its score mapped to P(gold) by a one-feature
 * logistic fit over every candidate (Platt scaling), folded into the weights and bias.
 */
export function fitRanker(names: readonly string[], groups: Decision[], options: { l2?: number } = {}): LinearModel {
  const m = newtonConditionalLogit(groups, options.l2 ?? 0.01);
  const score = (x: number[]) => x.reduce((s, v, j) => s + m.weights[j] * ((v - m.mean[j]) / m.scale[j]), 0);
  const S = groups.flatMap((g) => g.x.map((x) => [score(x)]));
  const Y = groups.flatMap((g) => g.x.map((_, i) => (i === g.chosen ? 1 : 0)));
  const W = groups.flatMap((g) => g.x.map(() => g.weight ?? 1));
  const platt = newtonLogistic(S, Y, W, 0);
  const a = platt.weights[0] / platt.scale[0];
  const b = platt.bias - platt.weights[0] * (platt.mean[0] / platt.scale[0]);
  return { features: [...names], mean: m.mean, scale: m.scale, weights: m.weights.map((w) => w * a), bias: b };
}
