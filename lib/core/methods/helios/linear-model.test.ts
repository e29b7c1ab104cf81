import { describe, expect, it } from "vitest";
import { dot, FeatureTable, fitListwise, linear, softmax, type ListExample } from "./linear-model";

/** Lists of four rows where the right one is marked by `cue`, among rows with random noise. */
function lists(table: FeatureTable, n: number): ListExample[] {
  return Array.from({ length: n }, (_, i) => {
    const right = (i * 7) % 4;
    return {
      rows: [0, 1, 2, 3].map((k) => table.row({ cue: k === right ? 1 : 0, noise: ((i + k) % 3) / 2 })),
      positives: [right],
    };
  });
}

describe("listwise log-linear fit", () => {
  it("learns the feature that marks the right row of each list and ranks it first", () => {
    const table = new FeatureTable();
    const weights = fitListwise(table, lists(table, 80), { seed: 3 });
    expect(weights.cue).toBeGreaterThan(1);
    expect(Math.abs(weights.noise ?? 0)).toBeLessThan(weights.cue);
    const w = Float64Array.from(table.names.map((name) => weights[name] ?? 0));
    const test = lists(table, 10);
    for (const l of test) {
      const scores = l.rows.map((r) => dot(w, r));
      expect(scores.indexOf(Math.max(...scores))).toBe(l.positives[0]);
    }
  });

  it("is deterministic for a seed and scores named features linearly", () => {
    const a = new FeatureTable();
    const b = new FeatureTable();
    expect(fitListwise(a, lists(a, 30), { seed: 9 })).toEqual(fitListwise(b, lists(b, 30), { seed: 9 }));
    expect(linear({ x: 2, y: -1 }, { x: 1, y: 3, z: 5 })).toBe(-1);
    const p = softmax([0, Math.log(3)]);
    expect(p[1]).toBeCloseTo(0.75);
    expect(softmax([])).toEqual([]);
  });
});
