import { describe, expect, it } from "vitest";
import { answerMatches } from "./exact-match";
import { scoreQuestion } from "./score-question";

describe("an empty gold answer (the right result has no rows)", () => {
  it("is matched by a query that returned no rows, and by nothing else", () => {
    expect(answerMatches([], [], 0)).toBe(true);
    expect(answerMatches([], ["Oak Hollow"], 1)).toBe(false);
    // a run that failed, or answered without running a query, is not an empty result
    expect(answerMatches([], [], undefined)).toBe(false);
    expect(answerMatches([], [], null)).toBe(false);
  });

  it("is scored right or wrong, not left unscored", () => {
    expect(scoreQuestion({ goldAnswer: [], values: [], resultRows: 0 }).correct).toBe(true);
    expect(scoreQuestion({ goldAnswer: [], values: ["3"], resultRows: 1 }).correct).toBe(false);
    expect(scoreQuestion({ goldAnswer: null, values: [] }).correct).toBeNull();
  });

  it("leaves gold values scored by exact match", () => {
    expect(answerMatches(["1,000"], ["1000"], 1)).toBe(true);
    expect(answerMatches(["a"], [], 0)).toBe(false);
  });
});
