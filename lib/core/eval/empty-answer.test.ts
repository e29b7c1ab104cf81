import { describe, expect, it } from "vitest";
import { answerMatches } from "./answer-match";
import { scoreQuestion } from "./score-question";

describe("an empty gold answer (the right result has no rows)", () => {
  it("is matched by a query that returned no rows, and by nothing else", () => {
    expect(answerMatches([], { values: [], rows: [] })).toBe(true);
    expect(answerMatches([], { values: ["Oak Hollow"], rows: [["Oak Hollow"]] })).toBe(false);
    // a run that failed, or answered without running a query, is not an empty result
    expect(answerMatches([], { values: [] })).toBe(false);
    expect(answerMatches([], { values: [], rows: null })).toBe(false);
  });

  it("is scored right or wrong, not left unscored", () => {
    expect(scoreQuestion({ goldAnswer: [], values: [], rows: [] }).correct).toBe(true);
    expect(scoreQuestion({ goldAnswer: [], values: ["3"], rows: [[3]] }).correct).toBe(false);
    expect(scoreQuestion({ goldAnswer: null, values: [] }).correct).toBeNull();
  });

  it("leaves gold values scored as before", () => {
    expect(answerMatches(["1,000"], { values: ["1000"], rows: [[1000]] })).toBe(true);
    expect(answerMatches(["a"], { values: [], rows: [] })).toBe(false);
  });
});
