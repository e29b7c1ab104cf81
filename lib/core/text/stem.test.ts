import { describe, expect, it } from "vitest";
import { stem } from "./stem";

describe("stem", () => {
  it("joins plural and singular", () => {
    for (const [a, b] of [
      ["scores", "score"],
      ["cities", "city"],
      ["takers", "taker"],
      ["classes", "class"],
      ["schools", "school"],
    ]) {
      expect(stem(a)).toBe(stem(b));
    }
  });

  it("joins verb forms", () => {
    expect(stem("enrolled")).toBe(stem("enroll"));
    expect(stem("rating")).toBe(stem("rate"));
    expect(stem("running")).toBe("run");
    expect(stem("funded")).toBe(stem("fund"));
  });

  it("leaves short words, numbers and exceptions alone", () => {
    expect(stem("gas")).toBe("gas");
    expect(stem("status")).toBe("status");
    expect(stem("2014")).toBe("2014");
    expect(stem("campus")).toBe("campus");
    expect(stem("need")).toBe("need");
  });

  it("stems words that are names of Object.prototype members as ordinary words", () => {
    expect(stem("constructor")).toBe("constructor");
    expect(stem("valueOf")).toBe("valueof");
    expect(stem("hasOwnProperty")).toBe("hasownproperty");
  });
});
