import { describe, expect, it } from "vitest";
import { boostedProbability, trainBoosted } from "./boosted";
import { linkerWeightsSchema, predictProbability } from "./model";

describe("trainBoosted", () => {
  // Label = exactly one of the two flags (an interaction no linear model can fit).
  const x = Array.from({ length: 600 }, (_, i) => [i % 2, i % 3 === 0 ? 1 : 0, (i % 7) / 6]);
  const y = x.map((r) => (r[0] !== r[1] ? 1 : 0));

  it("learns an interaction of two features, deterministically", () => {
    const a = trainBoosted(x, y, { trees: 30, depth: 2, minHessian: 1 });
    expect(trainBoosted(x, y, { trees: 30, depth: 2, minHessian: 1 })).toEqual(a);
    expect(boostedProbability(a, [1, 0, 0.5])).toBeGreaterThan(0.9);
    expect(boostedProbability(a, [1, 1, 0.5])).toBeLessThan(0.1);
    expect(boostedProbability(a, [0, 0, 0.5])).toBeLessThan(0.1);
  });

  it("serves as linker weights", () => {
    const model = trainBoosted(x, y, { trees: 5, depth: 2, minHessian: 1 });
    const w = linkerWeightsSchema.parse({ kind: "boosted-trees", features: ["a", "b", "c"], model, cut: 0.4 });
    expect(predictProbability(w, [0, 1, 0])).toBeCloseTo(boostedProbability(model, [0, 1, 0]));
  });
});
