import { describe, expect, it } from "vitest";
import { answerRecall, containsAnswer, exactMatch, ndcgAt, relevances } from "./helios-metrics.mts";

describe("HELIOS metrics", () => {
  it("finds answers on word boundaries after normalisation", () => {
    expect(containsAnswer("Mei Lin : She was born in Tainan.", "tainan")).toBe(true);
    expect(containsAnswer("Tainanese food", "Tainan")).toBe(false);
    expect(containsAnswer("anything", "")).toBe(false);
  });

  it("computes AR@k and nDCG@50", () => {
    const rel = relevances(["a", "b", "x y", "c", "x y"], "x y");
    expect(rel).toEqual([0, 0, 1, 0, 1]);
    expect(answerRecall(rel)).toEqual({ "2": 0, "5": 1, "10": 1, "20": 1, "50": 1 });
    expect(ndcgAt(rel, 2)).toBeCloseTo((1 / Math.log2(4) + 1 / Math.log2(6)) / (1 + 1 / Math.log2(3)), 6);
    expect(ndcgAt([1, 0], 1)).toBe(1);
    expect(ndcgAt([0, 0], 0)).toBe(0);
  });

  it("scores exact match like SQuAD: case, punctuation and articles ignored", () => {
    expect(exactMatch("The Berezina River", "Berezina river")).toBe(true);
    expect(exactMatch("8,023", "8,023")).toBe(true);
    expect(exactMatch("2006", "21 January 2006")).toBe(false);
    expect(exactMatch("", "")).toBe(false);
  });
});
