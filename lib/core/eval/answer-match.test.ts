import { describe, expect, it } from "vitest";
import { answerMatches, MAX_ANSWER_COLUMNS, scoreAnswer, valueMatches } from "./answer-match";
import { exactMatch } from "./exact-match";

const flat = (rows: unknown[][]) => ({ values: rows.flat(), rows });

describe("answer match: the cases flattened exact match gets wrong", () => {
  it("accepts the asked-for name with the measure it was ranked by beside it", () => {
    const rows = [["Euro+ Shopping Channel", 715738.98]];
    expect(exactMatch(["Euro+ Shopping Channel"], rows.flat())).toBe(false);
    expect(answerMatches(["Euro+ Shopping Channel"], flat(rows))).toBe(true);
    expect(answerMatches([12], flat([["France", 12]]))).toBe(true);
    expect(answerMatches([12], flat([["France", 13]]))).toBe(false);
  });

  it("accepts a person's name kept in two columns, in either order", () => {
    expect(answerMatches(["Anthony Bow"], flat([["Anthony", "Bow"]]))).toBe(true);
    expect(answerMatches(["Anthony Bow"], flat([["Bow", "Anthony", 6]]))).toBe(true);
    expect(answerMatches(["Anthony Bow"], flat([["Anthony", "Bowman"]]))).toBe(false);
  });

  it("accepts a number rounded to the answer's own precision (two decimals or more), not a coarser one", () => {
    expect(valueMatches(1.8404907975460123, 1.84)).toBe(true);
    expect(valueMatches(1.8404907975460123, "1.840")).toBe(true);
    expect(valueMatches(1.8404907975460123, 1.8)).toBe(false);
    expect(valueMatches(1.8404907975460123, 1.85)).toBe(false);
    expect(valueMatches(956303.5948999999, 956303.5949)).toBe(true);
    expect(valueMatches(3810500, "3,810,500")).toBe(true);
    expect(valueMatches(8853839.23, 8853834.23)).toBe(false);
  });
});

describe("answer match: lists and ties", () => {
  const offices = ["Boston", "NYC", "Tokyo", "London"];

  it("needs every tied winner, in any order, and nothing more", () => {
    expect(answerMatches(offices, flat([["London"], ["Tokyo"], ["NYC"], ["Boston"]]))).toBe(true);
    expect(
      answerMatches(
        offices,
        flat([
          ["Boston", 2],
          ["NYC", 2],
          ["Tokyo", 2],
          ["London", 2],
        ]),
      ),
    ).toBe(true);
    expect(answerMatches(offices, flat([["Boston"]]))).toBe(false);
    expect(answerMatches(offices, flat([["Boston"], ["NYC"], ["Tokyo"], ["London"], ["Paris"]]))).toBe(false);
  });

  it("refuses a whole record dumped as the answer (more columns than an answer carries)", () => {
    const row = ["S10_1949", "1952 Alpine Renault 1300", "Classic Cars", "1:10", "x", "y", 7305, 98.58, 214.3];
    expect(row.length).toBeGreaterThan(MAX_ANSWER_COLUMNS);
    expect(answerMatches(["1952 Alpine Renault 1300"], flat([row]))).toBe(false);
  });

  it("scores values alone when a method ran no SQL (a reader's answer), case and spacing ignored", () => {
    expect(answerMatches(["James Cameron"], { values: [" james cameron "] })).toBe(true);
    expect(answerMatches([44, 61], { values: ["61", "44"] })).toBe(true);
    expect(answerMatches([44, 61], { values: ["44"] })).toBe(false);
  });
});

describe("scoring out-of-scope questions", () => {
  const answer = { values: ["Diane Murphy"], rows: [["Diane Murphy"]] };

  it("counts a question the data cannot answer right only when the verdict is no-answer", () => {
    expect(scoreAnswer({ gold: null, outOfScope: true, verdict: "no-answer", answer })).toBe(true);
    expect(scoreAnswer({ gold: null, outOfScope: true, verdict: "answered", answer })).toBe(false);
    expect(scoreAnswer({ gold: null, outOfScope: true, verdict: "unsure", answer })).toBe(false);
    expect(scoreAnswer({ gold: null, outOfScope: true, answer })).toBe(false);
  });

  it("scores an in-scope answer by its values whatever the verdict; no gold leaves it unscored", () => {
    expect(scoreAnswer({ gold: ["Diane Murphy"], verdict: "no-answer", answer })).toBe(true);
    expect(scoreAnswer({ gold: null, answer })).toBeNull();
  });
});
