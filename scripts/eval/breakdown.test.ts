import path from "node:path";
import { describe, expect, it } from "vitest";
import { breakdownOf, breakdownRows } from "./breakdown.mts";
import type { QuestionRecord } from "./report.mts";
import { selectiveOf } from "./selective.mts";
import { sourceOf } from "./suites/external-source.mts";

const rec = (over: Partial<QuestionRecord>): QuestionRecord => ({
  id: "q",
  source: "s",
  question: "?",
  gold: null,
  prediction: "",
  values: [],
  correct: true,
  columns: { selected: [], filled: [] },
  sql: null,
  ms: 1,
  tokens: { input: 0, output: 0 },
  ...over,
});

const records = [
  rec({ tags: ["count", "join-2"], correct: true, verdict: "answered", confidence: 0.9 }),
  rec({ tags: ["count"], correct: false, verdict: "answered", confidence: 0.8 }),
  rec({ tags: ["ties", "join-2"], correct: true, verdict: "unsure", confidence: 0.5 }),
  rec({ tags: ["out-of-scope"], outOfScope: true, correct: false, verdict: "answered", confidence: 0.95 }),
  rec({ tags: ["out-of-scope"], outOfScope: true, correct: true, verdict: "no-answer", confidence: 0.02 }),
];

describe("run breakdown", () => {
  it("gives accuracy per tag, verdict counts, and out-of-scope questions answered separately", () => {
    const b = breakdownOf(records);
    expect(b.byTag).toEqual({
      count: { n: 2, correct: 1, accuracy: 50 },
      "join-2": { n: 2, correct: 2, accuracy: 100 },
      "out-of-scope": { n: 2, correct: 1, accuracy: 50 },
      ties: { n: 1, correct: 1, accuracy: 100 },
    });
    expect(b.verdicts).toEqual({ answered: 3, unsure: 1, "no-answer": 1 });
    expect(b.outOfScope).toEqual({ n: 2, answered: 1, unsure: 0, "no-answer": 1 });
    expect(breakdownRows(b)[1]).toEqual(["out-of-scope (n=2): answered / unsure / no-answer", "1 / 0 / 1"]);
  });

  it("leaves out what the records do not carry", () => {
    expect(breakdownOf([rec({})])).toEqual({});
  });

  it("counts an answered out-of-scope question against answered accuracy but not in the calibration error", () => {
    const s = selectiveOf(records).selective!;
    expect(s.coverage).toBe(60);
    expect(s.answeredAccuracy).toBe(33.33);
    // In scope only: 0.9 right, 0.8 wrong, 0.5 right → |0.9-1|, |0.8-0|, |0.5-1| in three bins of one.
    expect(s.ece).toBeCloseTo((0.1 + 0.8 + 0.5) / 3, 4);
  });
});

describe("external question sources", () => {
  const dir = path.resolve("/data");

  it("imports several files of one question as one dataset named after their folder", () => {
    const src = sourceOf({ question: "?", files: ["flights/airports.csv", "flights/routes.csv"] }, dir);
    expect(src.files).toEqual([path.join(dir, "flights/airports.csv"), path.join(dir, "flights/routes.csv")]);
    expect(src.name).toBe("flights");
    expect(src.db).toBeUndefined();
    const reordered = sourceOf({ question: "?", files: ["flights/routes.csv", "flights/airports.csv"] }, dir);
    expect(reordered.key).toBe(src.key);
    expect(sourceOf({ question: "?", files: ["a.csv"], dataset: "mine" }, dir).name).toBe("mine");
  });

  it("refuses a path outside the data folder", () => {
    expect(() => sourceOf({ id: 3, question: "?", files: ["ok.csv", "../secret.csv"] }, dir)).toThrow(
      /question 3: \.\.\/secret\.csv is outside the data folder/,
    );
  });
});
