import { describe, expect, it } from "vitest";
import { BruteForceVectorIndex } from "./vector-index";
import { columnKey } from "../model/column-ref";
import { MemoryCellCatalog } from "./cell-catalog";
import type { CellEntry } from "../model/index-types";

const v = (...xs: number[]) => Float32Array.from(xs);

describe("BruteForceVectorIndex", () => {
  it("returns the nearest keys with cosine distances", () => {
    const idx = new BruteForceVectorIndex(2);
    idx.add([1, 2, 3], [v(1, 0), v(0, 1), v(1, 1)]);
    const m = idx.search(v(1, 0.1), 2);
    expect(Array.from(m.keys)).toEqual([1, 3]);
    expect(m.distances[0]).toBeCloseTo(1 - 1 / Math.sqrt(1.01), 5);
    expect(idx.size()).toBe(3);
  });

  it("grows, replaces re-added keys and accepts bigint keys", () => {
    const idx = new BruteForceVectorIndex(2);
    const keys = Array.from({ length: 100 }, (_, i) => BigInt(i));
    idx.add(
      keys,
      keys.map((_, i) => v(Math.cos(i), Math.sin(i))),
    );
    idx.add([5n], [v(-1, 0)]);
    expect(idx.size()).toBe(100);
    expect(idx.search(v(-1, 0), 1).keys[0]).toBe(5n);
  });

  it("rejects mismatched input", () => {
    const idx = new BruteForceVectorIndex(3);
    expect(() => idx.add([1], [v(1, 0)])).toThrow(/dimensions/);
    expect(() => idx.add([1, 2], [v(1, 0, 0)])).toThrow(/keys/);
    expect(Array.from(idx.search(v(1, 0, 0), 5).keys)).toEqual([]);
  });
});

describe("MemoryCellCatalog", () => {
  const e = (key: number, column: string, value: string): CellEntry => ({
    key,
    table: "t",
    column,
    value,
    normalized: value.toLowerCase(),
    rowCount: 1,
  });
  const cat = new MemoryCellCatalog();
  cat.add([
    e(0, "a", "Fresno"),
    e(1, "a", "Fresno Unified"),
    e(2, "b", "fresno"),
    e(3, "a", "Frisco"),
    e(4, "b", "Fresnillo"),
  ]);

  it("finds normalised equals within a scope", () => {
    expect(cat.findNormalized("fresno").map((x) => x.key)).toEqual([0, 2]);
    expect(cat.findNormalized("fresno", [columnKey("t", "b")]).map((x) => x.key)).toEqual([2]);
  });

  it("finds prefixes in order, limited and scoped", () => {
    expect(cat.findPrefix("fres", 10).map((x) => x.value)).toEqual(["Fresnillo", "Fresno", "fresno", "Fresno Unified"]);
    expect(cat.findPrefix("fres", 2).length).toBe(2);
    expect(cat.findPrefix("fresno", 10, [columnKey("t", "a")]).map((x) => x.key)).toEqual([0, 1]);
    expect(cat.findPrefix("zzz", 10)).toEqual([]);
  });

  it("refuses duplicate keys", () => {
    expect(() => cat.add([e(0, "a", "x")])).toThrow(/already/);
  });
});
