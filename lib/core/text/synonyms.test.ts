import { describe, expect, it } from "vitest";
import { SYNONYM_GROUPS, areSynonyms, synonymKey, synonymsOf } from "./synonyms";
import { stem } from "./stem";

describe("synonyms", () => {
  it("links common table-QA words", () => {
    expect(areSynonyms("amount", "total")).toBe(true);
    expect(areSynonyms("count", "number")).toBe(true);
    expect(areSynonyms("Totals", "amount")).toBe(true);
    expect(areSynonyms("average", "mean")).toBe(true);
  });

  it("does not link unrelated words", () => {
    expect(areSynonyms("amount", "count")).toBe(false);
    expect(areSynonyms("city", "county")).toBe(false);
    expect(synonymKey("zebra")).toBeNull();
    expect(synonymsOf("zebra")).toEqual(["zebra"]);
  });

  it("puts each stem in one group only", () => {
    const owner = new Map<string, number>();
    SYNONYM_GROUPS.forEach((g, i) => {
      for (const w of g) {
        const prev = owner.get(stem(w));
        expect(prev === undefined || prev === i, `${w} in groups ${prev} and ${i}`).toBe(true);
        owner.set(stem(w), i);
      }
    });
  });
});
