import { describe, expect, it } from "vitest";
import { joinProbability, joinScorerModelSchema } from "@/lib/core/index/join-scorer";
import { JOIN_FEATURES } from "@/lib/core/index/join-features";
import { fitBoostedTrees } from "./boosting.mts";
import { fitLogistic } from "./logistic.mts";

// Label: feature 0 above 0.5 XOR feature 1 above 0.5 — a shape no linear model fits.
const x = Array.from({ length: 200 }, (_, i) =>
  JOIN_FEATURES.map((_, f) => (f === 0 ? (i % 20) / 20 : f === 1 ? Math.floor(i / 20) / 10 : 0)),
);
const y = x.map((r) => r[0] > 0.5 !== r[1] > 0.5);

describe("join scorer training", () => {
  it("boosted trees learn an interaction, the same way twice, and load as a join-scorer model", () => {
    const opts = { trees: 30, depth: 2, rate: 0.3, minLeaf: 5, l2: 1 };
    const fit = fitBoostedTrees(x, y, opts);
    expect(fitBoostedTrees(x, y, opts)).toEqual(fit);
    const model = joinScorerModelSchema.parse({
      kind: "boosted-trees",
      features: [...JOIN_FEATURES],
      threshold: 0.5,
      oneTargetPerColumn: false,
      ...fit,
    });
    const right = x.filter((r, i) => joinProbability(model, r) >= 0.5 === y[i]).length;
    expect(right / x.length).toBeGreaterThan(0.95);
  });

  it("logistic regression separates a linear label", () => {
    const linear = x.map((r) => r[0] > 0.5);
    const fit = fitLogistic(x, linear, { l2: 0.001, steps: 500 });
    const model = joinScorerModelSchema.parse({
      kind: "logistic-regression",
      features: [...JOIN_FEATURES],
      threshold: 0.5,
      oneTargetPerColumn: false,
      ...fit,
    });
    const right = x.filter((r, i) => joinProbability(model, r) >= 0.5 === linear[i]).length;
    expect(right / x.length).toBeGreaterThan(0.95);
  });
});
