import { describe, expect, it } from "vitest";
import { CellValueCollector, ScanBudget } from "./cell-values";

describe("CellValueCollector", () => {
  it("counts values, keeps the first row ids and says which values are new", () => {
    const c = new CellValueCollector(10, 5, 2, new ScanBudget(100));
    expect([c.add("LA", 1), c.add("LA", 2), c.add("LA", 3), c.add(" ", 4), c.add(7, 5), c.add("abcdefgh", 6)]).toEqual([
      true,
      false,
      false,
      true,
      true,
      true,
    ]);
    expect([...c.entries()]).toEqual([
      { value: "LA", rowCount: 3, rowIds: [1, 2] },
      { value: "7", rowCount: 1, rowIds: [5] },
      { value: "abcde", rowCount: 1, rowIds: [6] },
    ]);
    expect(c.truncated).toBe(1);
  });

  it("overflows past its cap, and the table budget evicts the largest collector", () => {
    const capped = new CellValueCollector(3, 100, 5, new ScanBudget(100));
    for (const v of ["a", "b", "c", "d"]) capped.add(v, null);
    expect(capped).toMatchObject({ overflowed: true, overflowReason: "cap" });
    expect([...capped.entries()]).toEqual([]);
    expect(capped.add("a", null)).toBe(true);

    const budget = new ScanBudget(5);
    const big = new CellValueCollector(100, 100, 5, budget);
    const small = new CellValueCollector(100, 100, 5, budget);
    for (const v of ["x", "y"]) small.add(v, null);
    for (const v of ["1", "2", "3", "4"]) big.add(v, null);
    expect(big).toMatchObject({ overflowed: true, overflowReason: "scan" });
    expect(small.overflowed).toBe(false);
    small.add("z", null);
    expect(small.size).toBe(3);
  });
});
