import { describe, expect, it } from "vitest";
import { EXTERNAL_METHODS, parseArgs } from "./args.mts";
import type { QuestionRecord } from "./report.mts";
import { outLine } from "./suites/external.mts";

describe("external questions: arguments", () => {
  it("accepts every method of the app, --out included", () => {
    for (const method of ["fgtr", "sgam", "graphotter", "helios"]) {
      const args = parseArgs(["--questions", "q.jsonl", "--data", "dir", "--method", method, "--out", "out.jsonl"]);
      expect(args).toMatchObject({ questions: "q.jsonl", data: "dir", method, out: "out.jsonl" });
    }
    expect([...EXTERNAL_METHODS]).toEqual(["fgtr", "sgam", "graphotter", "helios"]);
  });

  it("refuses an unknown method and --out without questions", () => {
    expect(() => parseArgs(["--questions", "q.jsonl", "--data", "dir", "--method", "otter"])).toThrow(
      /fgtr, sgam, graphotter, helios/,
    );
    expect(() => parseArgs(["--suite", "spider", "--out", "x.jsonl"])).toThrow(/--out works with --questions/);
    expect(parseArgs(["--suite", "realworld", "--split", "report", "--out", "x.jsonl"])).toMatchObject({
      suite: "realworld",
      split: "report",
      out: "x.jsonl",
    });
    expect(() => parseArgs(["--suite", "realworld", "--method", "otter"])).toThrow(/fgtr, sgam, graphotter, helios/);
    expect(() => parseArgs(["--questions", "q.jsonl", "--out"])).toThrow(/--out needs a value/);
  });
});

describe("external questions: --out lines", () => {
  const record: QuestionRecord = {
    id: "q1",
    source: "cities.csv",
    question: "Which city is largest?",
    gold: ["Lyon"],
    prediction: "Lyon",
    values: ["Lyon"],
    correct: true,
    columns: { selected: ["cities.name", "cities.population"], filled: ["cities.name"] },
    sql: "SELECT name FROM cities ORDER BY population DESC LIMIT 1",
    ms: 12.6,
    tokens: { input: 0, output: 0 },
    verdict: "answered",
    confidence: 0.83,
  };

  it("carries id, method, prediction, gold, correct, verdict, confidence, ms, selected columns and sql", () => {
    const line = outLine(record, "sgam");
    expect(Object.keys(line)).toEqual([
      "id",
      "method",
      "question",
      "prediction",
      "values",
      "gold",
      "correct",
      "verdict",
      "confidence",
      "ms",
      "selected",
      "sql",
    ]);
    expect(line).toMatchObject({
      id: "q1",
      method: "sgam",
      prediction: "Lyon",
      gold: ["Lyon"],
      correct: true,
      verdict: "answered",
      confidence: 0.83,
      ms: 13,
      selected: ["cities.name", "cities.population"],
    });
    expect(JSON.parse(JSON.stringify(line))).toEqual(line);
  });

  it("keeps a method's error and a missing SQL", () => {
    const line = outLine({ ...record, sql: null, correct: false, error: "no table" }, "graphotter");
    expect(line).toMatchObject({ method: "graphotter", sql: null, correct: false, error: "no table" });
  });

  it("adds the reading when the answer had one, and the question's tags and out-of-scope mark", () => {
    const reading = "largest population among cities";
    const line = outLine({ ...record, reading, tags: ["min-max"], outOfScope: true }, "fgtr");
    expect(line).toMatchObject({ reading, tags: ["min-max"], out_of_scope: true });
    expect(Object.keys(outLine(record, "fgtr"))).not.toContain("reading");
  });
});
