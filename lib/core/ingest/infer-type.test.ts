import { describe, expect, it } from "vitest";
import { looksLikeDate, toStoredValue, TypeTally, typeFromDeclared } from "./infer-type";

describe("toStoredValue", () => {
  it("turns canonical numbers into numbers and keeps everything else as written", () => {
    expect(toStoredValue("42")).toBe(42);
    expect(toStoredValue("-3.5")).toBe(-3.5);
    expect(toStoredValue("1e3")).toBe("1e3");
    expect(toStoredValue("007")).toBe("007");
    expect(toStoredValue("1,000")).toBe("1,000");
    expect(toStoredValue("  ")).toBeNull();
    expect(toStoredValue("12345678901234567890")).toBe("12345678901234567890");
  });
  it("keeps numbers whose printed form differs from the text as text (reversible)", () => {
    for (const text of [".500", "+23", "3.10", "12.50", "007", "-0", " 4", "4 ", "1.0"])
      expect(toStoredValue(text)).toBe(text);
    expect(toStoredValue("0.5")).toBe(0.5);
  });
});

describe("TypeTally", () => {
  const resolve = (values: Array<string | null>) => {
    const t = new TypeTally();
    values.forEach((v) => t.add(toStoredValue(v)));
    return t.resolve();
  };
  it("picks the narrowest type that fits every value", () => {
    expect(resolve(["1", "2", null])).toBe("integer");
    expect(resolve(["1", "2.5"])).toBe("real");
    expect(resolve(["2020-01-01", "2021-12-31T10:00:00Z"])).toBe("date");
    expect(resolve(["true", "FALSE", "yes"])).toBe("boolean");
    expect(resolve(["1", "x"])).toBe("text");
    expect(resolve([null, null])).toBe("text");
  });
  it("recognises dates but not year ranges", () => {
    expect(looksLikeDate("2014-2015")).toBe(false);
    expect(looksLikeDate("2015-02-30")).toBe(true);
    expect(looksLikeDate("3/14/2015")).toBe(true);
  });
});

describe("typeFromDeclared", () => {
  it("follows SQLite affinity names", () => {
    expect(typeFromDeclared("INTEGER")).toBe("integer");
    expect(typeFromDeclared("varchar(20)")).toBe("text");
    expect(typeFromDeclared("DOUBLE PRECISION")).toBe("real");
    expect(typeFromDeclared("DATETIME")).toBe("date");
    expect(typeFromDeclared("")).toBeNull();
    expect(typeFromDeclared("BLOB")).toBe("binary");
    expect(typeFromDeclared("varbinary(16)")).toBe("binary");
  });
});
