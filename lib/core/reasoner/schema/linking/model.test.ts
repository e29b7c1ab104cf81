import { describe, expect, it } from "vitest";
import { LINK_FEATURES } from "./features";
import { createLinker, linkedAt, tableScores } from "./linker";
import { assertCompatible, linkerWeightsSchema, predictProbability, trainLogistic } from "./model";

describe("trainLogistic", () => {
  // Label = first feature above 0.5; the second is noise.
  const x = Array.from({ length: 200 }, (_, i) => [(i % 20) / 19, ((i * 7) % 13) / 12]);
  const y = x.map((r) => (r[0] > 0.5 ? 1 : 0));

  it("learns a separable rule and is deterministic", () => {
    const a = trainLogistic(x, y, ["signal", "noise"], { epochs: 300 });
    const b = trainLogistic(x, y, ["signal", "noise"], { epochs: 300 });
    expect(a).toEqual(b);
    expect(predictProbability(a, [1, 0.5])).toBeGreaterThan(0.9);
    expect(predictProbability(a, [0, 0.5])).toBeLessThan(0.1);
    expect(Math.abs(a.weights[1])).toBeLessThan(Math.abs(a.weights[0]) / 5);
  });

  it("keeps a constant feature harmless (no division by ~0)", () => {
    const w = trainLogistic(
      x.map((r) => [...r, 1]),
      y,
      ["signal", "noise", "constant"],
      { epochs: 50 },
    );
    expect(w.scale[2]).toBe(1);
    expect(Number.isFinite(predictProbability(w, [0.7, 0.1, 1]))).toBe(true);
  });

  it("refuses weights trained on other features", () => {
    const w = trainLogistic(x, y, ["signal", "noise"], { epochs: 10 });
    expect(() => assertCompatible(w, LINK_FEATURES)).toThrow(/other features/);
    expect(() => createLinker(w)).toThrow(/npm run train/);
    expect(linkerWeightsSchema.safeParse({ ...w, cut: 2 }).success).toBe(false);
  });
});

describe("createLinker", () => {
  const d = LINK_FEATURES.length;
  const weights = {
    kind: "logistic-regression" as const,
    features: [...LINK_FEATURES],
    mean: new Array(d).fill(0),
    scale: new Array(d).fill(1),
    weights: LINK_FEATURES.map((f) => (f === "coverExact" ? 6 : f === "valueExact" ? 6 : 0)),
    bias: -3,
    cut: 0.5,
  };
  const columns = [
    { table: "singer", column: "Age", name: "Age", type: "integer" as const, isPrimaryKey: false },
    { table: "singer", column: "Country", name: "Country", type: "text" as const, isPrimaryKey: false },
    { table: "concert", column: "Theme", name: "Theme", type: "text" as const, isPrimaryKey: false },
  ];

  it("gives named columns and value columns high probability, others low", () => {
    const links = createLinker(weights).link("What is the age of singers from France?", columns, [
      { table: "singer", column: "Country", phrase: "France", score: 1, exact: true },
    ]);
    expect(links.map((l) => l.probability > 0.5)).toEqual([true, true, false]);
    expect(linkedAt(links, 0.5).map((l) => l.column)).toEqual(["Age", "Country"]);
    expect(tableScores(links).get("singer")!).toBeGreaterThan(tableScores(links).get("concert")!);
  });

  it("always links the most probable column", () => {
    const links = createLinker(weights).link("Anything else?", columns, []);
    expect(linkedAt(links, 0.99)).toHaveLength(1);
  });
});
