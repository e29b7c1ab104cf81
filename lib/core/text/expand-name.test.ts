import { describe, expect, it } from "vitest";
import { displayName, expandName } from "./expand-name";
import { matchAbbreviation, segmentGlued } from "./abbreviation-match";
import { splitIdentifier } from "./tokenize";

describe("splitIdentifier", () => {
  it("splits camel, acronym, snake, digits and symbols", () => {
    expect(splitIdentifier("NumTstTakr")).toEqual(["Num", "Tst", "Takr"]);
    expect(splitIdentifier("CDSCode")).toEqual(["CDS", "Code"]);
    expect(splitIdentifier("enroll12")).toEqual(["enroll", "12"]);
    expect(splitIdentifier("first_name")).toEqual(["first", "name"]);
    expect(splitIdentifier("Percent (%) Eligible Free (K-12)")).toEqual([
      "Percent",
      "%",
      "Eligible",
      "Free",
      "K",
      "12",
    ]);
  });

  it("moves a capital back when the acronym swallowed it wrongly", () => {
    expect(splitIdentifier("GSoffered")).toEqual(["GS", "offered"]);
  });
});

describe("matchAbbreviation", () => {
  it("resolves vowel-dropped forms against the word list", () => {
    expect(matchAbbreviation("tst")).toBe("test");
    expect(matchAbbreviation("takr")).toBe("taker");
    expect(matchAbbreviation("scr")).toBe("score");
    expect(matchAbbreviation("cnty")).toBe("county");
    expect(matchAbbreviation("stdnt")).toBe("student");
  });

  it("resolves truncations to the most common word", () => {
    expect(matchAbbreviation("distr")).toBe("district");
    expect(matchAbbreviation("popul")).toBe("population");
  });

  it("gives up on tokens that match nothing", () => {
    expect(matchAbbreviation("xq")).toBeNull();
    expect(matchAbbreviation("zzz")).toBeNull();
  });
});

describe("segmentGlued", () => {
  it("splits glued known words", () => {
    expect(segmentGlued("satscores")).toEqual(["sat", "scores"]);
    expect(segmentGlued("schoolname")).toEqual(["school", "name"]);
    expect(segmentGlued("sname")).toEqual(["s", "name"]);
    expect(segmentGlued("qwertyuiop")).toBeNull();
  });

  it("costs time linear in the name: a 100,000-character name is not split, and fast", () => {
    const long = "ab".repeat(50_000);
    const start = performance.now();
    expect(segmentGlued(long)).toBeNull();
    expect(expandName(long).words.length).toBe(1);
    // A 60-character token of known words (64 is the longest tried) still splits.
    expect(segmentGlued("schoolname".repeat(6))?.length).toBe(12);
    expect(performance.now() - start).toBeLessThan(500);
  });
});

describe("expandName", () => {
  it.each([
    ["NumTstTakr", "number of test takers"],
    ["AvgScrMath", "average score math"],
    ["cds", "county district school"],
    ["CDSCode", "county district school code"],
    ["dob", "date of birth"],
    ["qty", "quantity"],
    ["order_amt", "order amount"],
    ["customer_id", "customer identifier"],
    ["PctGE1500", "percent greater or equal 1500"],
    ["enroll12", "enrollment 12"],
    ["AdmFName1", "administrator first name 1"],
    ["ZipCode", "zip code"],
    ["GSoffered", "grade span offered"],
    ["StreetAbr", "street abbreviation"],
    ["County Name", "county name"],
    ["satscores", "sat scores"],
    ["Enrollment (K-12)", "enrollment k 12"],
  ])("%s -> %s", (name, expected) => {
    expect(expandName(name).text).toBe(expected);
  });

  it("keeps unknown acronyms in mixed-case names", () => {
    expect(expandName("IRCFlag").words).toEqual(["irc", "flag"]);
  });

  it("capitalises for sentences", () => {
    expect(displayName("NumTstTakr")).toBe("Number of test takers");
  });
});
