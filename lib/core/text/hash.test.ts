import { describe, expect, it } from "vitest";
import { fmix32, hashRange, hashString } from "./hash";

describe("hashString", () => {
  it("is deterministic, unsigned and seed-dependent", () => {
    expect(hashString("Los Angeles")).toBe(hashString("Los Angeles"));
    expect(hashString("abc")).toBeGreaterThanOrEqual(0);
    expect(hashString("abc", 1)).not.toBe(hashString("abc", 2));
    expect(hashString("ab")).not.toBe(hashString("ba"));
  });

  it("hashes a range exactly like the sliced string", () => {
    const s = "#angeles#";
    for (let i = 0; i < s.length; i++)
      for (let j = i; j <= s.length; j++) expect(hashRange(s, i, j, 9)).toBe(hashString(s.slice(i, j), 9));
  });

  it("spreads short keys evenly over buckets", () => {
    const buckets = new Array(64).fill(0);
    for (let i = 0; i < 64_000; i++) buckets[hashString(`v${i}`) % 64]++;
    for (const b of buckets) expect(Math.abs(b - 1000)).toBeLessThan(150);
  });

  it("fmix32 is a bijection on small samples", () => {
    const seen = new Set<number>();
    for (let i = 0; i < 10_000; i++) seen.add(fmix32(i));
    expect(seen.size).toBe(10_000);
  });
});
