import { describe, expect, it } from "vitest";
import { sameResult } from "../../lib/core/eval/exec-match.ts";
import { analyzeGoldSql, singleQuoteStrings } from "../../lib/core/eval/gold-sql.ts";
import { meanScores, scoreSets } from "../../lib/core/eval/set-scores.ts";
import { normalizeWtq, wtqMatch } from "../../lib/core/eval/wtq-match.ts";
import { exactMatch } from "./suites/external.mts";
import { parseArgs } from "./args.mts";

const schema = new Map([
  ["student", ["stuid", "fname", "age", "sex"]],
  ["has_pet", ["stuid", "petid"]],
  ["pets", ["petid", "pettype", "pet_age", "weight"]],
]);

describe("gold from SQL (FGTR Appendix B)", () => {
  it("collects every table.column, resolving aliases and unqualified names, and one row-id query per SELECT", () => {
    const g = analyzeGoldSql(
      "SELECT T1.fname, T1.age FROM student AS T1 JOIN has_pet AS T2 ON T1.stuid = T2.stuid JOIN pets AS T3 ON " +
        "T3.petid = T2.petid WHERE T3.pettype = 'dog' AND T1.stuid NOT IN (SELECT stuid FROM has_pet)",
      schema,
    );
    expect([...g.columns].sort()).toEqual([
      "has_pet.petid",
      "has_pet.stuid",
      "pets.petid",
      "pets.pettype",
      "student.age",
      "student.fname",
      "student.stuid",
    ]);
    expect(g.branches).toHaveLength(2);
    expect(g.branches[0].sql).toMatch(/SELECT `T1`\.`rowid`, `T2`\.`rowid`, `T3`\.`rowid` FROM/);
    expect(g.branches[0].tables).toEqual(["student", "has_pet", "pets"]);
  });

  it("handles set operations, count(*) and double-quoted strings", () => {
    const g = analyzeGoldSql(
      'SELECT fname FROM student WHERE sex = "F" INTERSECT SELECT fname FROM student WHERE age > 20',
      schema,
    );
    expect([...g.columns].sort()).toEqual(["student.age", "student.fname", "student.sex"]);
    expect(g.branches).toHaveLength(2);
    expect(analyzeGoldSql("SELECT count(*) FROM pets", schema).columns.size).toBe(0);
    expect(singleQuoteStrings('WHERE a = "it\'s"')).toBe("WHERE a = 'it''s'");
  });
});

describe("metrics", () => {
  it("computes precision, recall, F2 and strict recall", () => {
    const s = scoreSets(new Set(["a", "b", "c", "d"]), new Set(["a", "b"]));
    expect(s).toMatchObject({ precision: 0.5, recall: 1, strict: true });
    expect(s.f2).toBeCloseTo((5 * 0.5) / (4 * 0.5 + 1));
    expect(scoreSets(new Set(), new Set(["a"]))).toMatchObject({ precision: 0, recall: 0, f2: 0, strict: false });
    expect(meanScores([s, scoreSets(new Set(["x"]), new Set(["a"]))])).toMatchObject({
      recall: 50,
      strictRecall: 50,
      n: 2,
    });
  });

  it("compares execution results as multisets of rows, numbers as numbers", () => {
    expect(
      sameResult(
        [
          [1, "a"],
          [2, "b"],
        ],
        [
          ["b", 2],
          ["a", 1.0],
        ],
      ),
    ).toBe(true);
    expect(sameResult([[1]], [[1], [1]])).toBe(false);
    expect(sameResult([["1.50"]], [[1.5]])).toBe(true);
  });
});

describe("WTQ exact match", () => {
  it("normalises strings, numbers and dates like the official evaluator", () => {
    expect(normalizeWtq("  “Bangkok, Thailand” [3]")).toBe("bangkok, thailand");
    expect(normalizeWtq("Wolfe Tones (GAA)")).toBe("wolfe tones");
    expect(wtqMatch(["12,467"], ["12467"])).toBe(true);
    expect(wtqMatch(["2004"], ["2004.0"])).toBe(true);
    expect(wtqMatch(["a", "b"], ["B", "A"])).toBe(true);
    expect(wtqMatch(["a"], ["a", "b"])).toBe(false);
    expect(wtqMatch(["1999-xx-xx"], ["1999-xx-xx"])).toBe(true);
  });

  it("external questions: numbers as numbers, order and case ignored", () => {
    expect(exactMatch([3, "Paris"], ["paris", "3.0"])).toBe(true);
    expect(exactMatch(["x"], ["y"])).toBe(false);
  });
});

describe("arguments", () => {
  it("parses the suite flags and rejects unknown ones", () => {
    expect(parseArgs(["--suite", "spider", "--split", "report", "--limit", "5", "--json"])).toMatchObject({
      suite: "spider",
      split: "report",
      limit: 5,
      json: true,
      reasoner: "local",
    });
    expect(() => parseArgs(["--split", "dev"])).toThrow(/tune, report or fresh/);
  });

  it("takes the fresh split for the realworld suite only", () => {
    expect(parseArgs(["--suite", "realworld", "--split", "fresh", "--method", "sgam"])).toMatchObject({
      suite: "realworld",
      split: "fresh",
      method: "sgam",
    });
    expect(() => parseArgs(["--suite", "spider", "--split", "fresh"])).toThrow(
      /--split fresh works with --suite realworld/,
    );
    expect(() => parseArgs(["--questions", "q.jsonl", "--data", "dir", "--split", "fresh"])).toThrow(/realworld only/);
    for (const flag of [["--verbose"], ["--trace"], ["--ids", "cust-01"]])
      expect(() => parseArgs(["--suite", "realworld", "--split", "fresh", ...flag])).toThrow(/measured as a whole/);
  });
});
