import { describe, expect, it } from "vitest";
import { canonicalYearSpans, foldCase, normalizeText, words } from "./normalize";

describe("normalizeText", () => {
  it("folds case and accents", () => {
    expect(foldCase("San José")).toBe("san jose");
  });

  it("expands year spans of every common shape", () => {
    expect(canonicalYearSpans("2014/15")).toBe("2014-2015");
    expect(canonicalYearSpans("2014-15")).toBe("2014-2015");
    expect(canonicalYearSpans("2014 – 2015")).toBe("2014-2015");
    expect(canonicalYearSpans("1999-00")).toBe("1999-2000");
    expect(canonicalYearSpans("FY 2019/20 budget")).toBe("FY 2019-2020 budget");
  });

  it("leaves dates and long spans alone", () => {
    expect(canonicalYearSpans("2014-05-01")).toBe("2014-05-01");
    expect(canonicalYearSpans("2010-11-05")).toBe("2010-11-05");
    expect(canonicalYearSpans("1990-2014")).toBe("1990-2014");
    expect(canonicalYearSpans("2014-13")).toBe("2014-13");
  });

  it("collapses punctuation and whitespace", () => {
    expect(normalizeText("  Arts & Sciences (K-12)  ")).toBe("arts and sciences k-12");
    expect(words("Fresno Unified, K-12")).toEqual(["fresno", "unified", "k", "12"]);
  });
});
