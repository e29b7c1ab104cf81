import { describe, expect, it } from "vitest";
import { createProfiler, profileColumn } from "./profile";
import { toIsoDate } from "./profile-values";

describe("createProfiler", () => {
  it("profiles a small integer column exactly", () => {
    const p = profileColumn("integer", [14, 30, 102, 14, null, 30, 14, "", 900, 0]);
    expect(p).toMatchObject({
      type: "integer",
      rowCount: 10,
      nullCount: 2,
      nullShare: 0.2,
      distinctCount: 5,
      distinctEstimated: false,
      uniqueness: 0.5,
      topValues: [
        { value: 14, count: 3 },
        { value: 30, count: 2 },
        { value: 102, count: 1 },
      ],
      topValuesApproximate: false,
      min: 0,
      max: 900,
    });
    expect(p.mean).toBeCloseTo((14 * 3 + 30 * 2 + 102 + 900 + 0) / 8);
  });

  it("counts rows the caller did not stream as missing", () => {
    const prof = createProfiler("text");
    for (const v of ["a", "b", "c"]) prof.add(v);
    const p = prof.finish(6);
    expect(p).toMatchObject({ rowCount: 6, nullCount: 3, nullShare: 0.5, distinctCount: 3, uniqueness: 0.5 });
  });

  it("keeps shortest and longest text, first seen on ties", () => {
    const p = profileColumn("text", ["Fresno", "LA", "San Bernardino", "SF", "Alameda"]);
    expect(p.shortest).toBe("LA");
    expect(p.longest).toBe("San Bernardino");
    expect(p.min).toBeNull();
    expect(p.mean).toBeNull();
  });

  it("orders dates of mixed shapes through their ISO form", () => {
    const p = profileColumn("date", ["2014/5/3", "1999-12-31", "07/04/2021", "2001-01-01T10:00:00"]);
    expect(p.min).toBe("1999-12-31");
    expect(p.max).toBe("2021-07-04");
    expect(toIsoDate("not a date")).toBeNull();
  });

  it("accepts driver values: bigint, boolean, blobs, numeric strings", () => {
    const p = profileColumn("integer", [1n, "2", 3, true, new Uint8Array(4)]);
    expect(p.min).toBe(1);
    expect(p.max).toBe(3);
    expect(p.distinctCount).toBe(5);
  });

  it("switches to sketches past the distinct cap and says so", () => {
    const prof = createProfiler("text", { distinctCap: 1000, heavyHitters: 100 });
    const n = 60_000;
    for (let i = 0; i < n; i++) {
      if (i % 5 === 0) prof.add("Los Angeles");
      else if (i % 13 === 0) prof.add("Fresno");
      else prof.add(`school-${i}`);
    }
    const p = prof.finish();
    const trueDistinct = 2 + (n - n / 5 - Math.ceil(n / 13) + Math.ceil(n / 65));
    expect(p.distinctEstimated).toBe(true);
    expect(p.topValuesApproximate).toBe(true);
    expect(Math.abs(p.distinctCount - trueDistinct) / trueDistinct).toBeLessThan(0.03);
    expect(p.topValues.map((t) => t.value).slice(0, 2)).toEqual(["Los Angeles", "Fresno"]);
    expect(p.topValues[0].count).toBeLessThanOrEqual(n / 5);
    expect(p.topValues[0].count).toBeGreaterThan(n / 5 - n / 101);
    expect(p.uniqueness).toBeGreaterThan(0.7);
  });

  it("returns an empty profile for an empty column", () => {
    const p = profileColumn("real", []);
    expect(p).toMatchObject({
      rowCount: 0,
      nullShare: 0,
      distinctCount: 0,
      uniqueness: 0,
      topValues: [],
      shortest: null,
      longest: null,
    });
  });
});
