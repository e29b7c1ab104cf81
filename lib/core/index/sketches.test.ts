import { describe, expect, it } from "vitest";
import { HeavyHitters } from "./heavy-hitters";
import { HyperLogLog } from "./hyperloglog";
import { estimateJaccard, minhashSignature } from "./minhash";
import { normalizeJoinValue, sketchJaccard, sketchOverlap, valueSketch } from "./value-sketch";

function range(from: number, to: number, prefix = "v"): string[] {
  const out: string[] = [];
  for (let i = from; i < to; i++) out.push(`${prefix}${i}`);
  return out;
}

describe("HyperLogLog", () => {
  it.each([10, 1000, 50_000, 300_000])("estimates %i distinct values within 3%%", (n) => {
    const h = new HyperLogLog();
    for (let i = 0; i < n; i++) h.add(`key-${i}`);
    for (let i = 0; i < n; i += 7) h.add(`key-${i}`); // repeats change nothing
    expect(Math.abs(h.estimate() - n) / n).toBeLessThan(0.03);
  });
});

describe("HeavyHitters", () => {
  it("keeps values that exceed n/(k+1) and undercounts by at most that", () => {
    const hh = new HeavyHitters<string>(50);
    const n = 100_000;
    let heavy = 0;
    for (let i = 0; i < n; i++) {
      if (i % 10 === 0) {
        hh.add("Los Angeles");
        heavy++;
      } else if (i % 25 === 0) hh.add("Fresno");
      else hh.add(`noise-${i}`);
    }
    const top = hh.top(3);
    expect(top[0][0]).toBe("Los Angeles");
    expect(top[1][0]).toBe("Fresno");
    expect(heavy - top[0][1]).toBeLessThanOrEqual(n / 51);
    expect(top[0][1]).toBeLessThanOrEqual(heavy);
  });
});

describe("MinHash", () => {
  it.each([
    [0, 1000, 500, 1500, 1 / 3],
    [0, 1000, 0, 1000, 1],
    [0, 1000, 2000, 3000, 0],
    [0, 1000, 100, 1000, 0.9],
  ])("estimates Jaccard of [%i,%i) and [%i,%i) near %f", (a0, a1, b0, b1, expected) => {
    const j = estimateJaccard(minhashSignature(range(a0, a1)), minhashSignature(range(b0, b1)));
    expect(Math.abs(j - expected)).toBeLessThan(0.1);
  });

  it("treats empty sets as disjoint", () => {
    expect(estimateJaccard(minhashSignature([]), minhashSignature([]))).toBe(0);
  });
});

describe("value sketches", () => {
  it("normalises numbers and text so codes meet across types", () => {
    expect(normalizeJoinValue(42)).toBe(normalizeJoinValue("42"));
    expect(normalizeJoinValue(42.0)).toBe("42");
    expect(normalizeJoinValue(" AB12 ")).toBe("ab12");
    expect(normalizeJoinValue("")).toBeNull();
    expect(normalizeJoinValue(null)).toBeNull();
    expect(normalizeJoinValue(12345678901234567890n)).toBe("12345678901234567890");
  });

  it("computes exact Jaccard for small columns", () => {
    const a = valueSketch([1, 2, 3, 4, 4, null]);
    const b = valueSketch(["3", "4", "5", "6"]);
    expect(a.exact).toEqual(["1", "2", "3", "4"]);
    expect(sketchJaccard(a, b)).toEqual({ jaccard: 2 / 6, estimated: false });
  });

  it("switches to MinHash past the exact limit", () => {
    const a = valueSketch(range(0, 3000), { exactLimit: 1000 });
    const b = valueSketch(range(1000, 4000), { exactLimit: 1000 });
    expect(a.exact).toBeNull();
    expect(Math.abs(a.distinct - 3000)).toBeLessThan(150);
    const { jaccard, estimated } = sketchJaccard(a, b);
    expect(estimated).toBe(true);
    expect(Math.abs(jaccard - 0.5)).toBeLessThan(0.1);
  });

  it("measures containment of a small column in a large one", () => {
    const parent = valueSketch(range(0, 4000), { exactLimit: 1000 });
    const child = valueSketch(range(0, 400), { exactLimit: 1000 });
    const o = sketchOverlap(child, parent);
    expect(o.estimated).toBe(true);
    expect(o.jaccard).toBeLessThan(0.2);
    expect(o.containmentAInB).toBeGreaterThan(0.8);
    expect(o.containmentBInA).toBeLessThan(0.2);
    const exact = sketchOverlap(valueSketch(["a", "b"]), valueSketch(["a", "b", "c", "d"]));
    expect(exact).toEqual({ jaccard: 0.5, containmentAInB: 1, containmentBInA: 0.5, estimated: false });
  });
});
