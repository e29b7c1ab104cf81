import { describe, expect, it } from "vitest";
import { cosine, dot } from "./encoder";
import { createHashedEncoder } from "./hashed-encoder";
import { extractFeatures } from "./features";
import { ACADEMIC_YEARS, CA_CITIES, CA_COUNTIES, CA_DISTRICTS } from "./testing/california";

const enc = createHashedEncoder();

function ranked(query: string, candidates: string[]): { value: string; score: number }[] {
  const q = enc.embedOne(query);
  return candidates.map((value) => ({ value, score: dot(q, enc.embedOne(value)) })).sort((a, b) => b.score - a.score);
}

describe("extractFeatures", () => {
  it("reads short all-caps text as an acronym and multi-word text as initials", () => {
    expect(extractFeatures("LA")).toMatchObject({ mode: "acronym", acronyms: ["la"], grams: [] });
    expect(extractFeatures("Los Angeles").acronyms).toEqual(["la"]);
    expect(extractFeatures("County Office of Education").acronyms).toEqual(["cooe", "coe"]);
    expect(extractFeatures("la").mode).toBe("text");
  });

  it("adds synonym keys and boundary-marked grams", () => {
    const f = extractFeatures("Total students");
    expect(f.synonyms).toEqual(["amount", "student"]);
    expect(f.grams).toContain("#to");
    expect(f.grams).toContain("ts#");
  });
});

describe("HashedTextEncoder", () => {
  it("returns deterministic unit vectors of the stated size", async () => {
    const [a, b] = await enc.embed(["Los Angeles", "Los Angeles"]);
    expect(a.length).toBe(384);
    expect(enc.dim).toBe(384);
    expect(Array.from(a)).toEqual(Array.from(b));
    expect(dot(a, a)).toBeCloseTo(1, 5);
    expect(Array.from(createHashedEncoder().embedOne("Los Angeles"))).toEqual(Array.from(a));
    expect(createHashedEncoder({ dim: 256 }).id).not.toBe(enc.id);
  });

  it("maps empty text to the zero vector", () => {
    expect(dot(enc.embedOne(""), enc.embedOne("Fresno"))).toBe(0);
  });

  it("finds Los Angeles for LA among California counties and cities", () => {
    const top = ranked("LA", [...CA_COUNTIES, ...CA_CITIES]);
    expect(top[0].value).toBe("Los Angeles");
    // "La Habra" shares the word "la" and "Lake" its first letters; neither may come close.
    const laHabra = top.find((t) => t.value === "La Habra")!;
    expect(top[0].score - laHabra.score).toBeGreaterThan(0.1);
  });

  it("tolerates a typo in a district name", () => {
    expect(ranked("fresno unifed", CA_DISTRICTS)[0].value).toBe("Fresno Unified");
    expect(ranked("sacremento", CA_COUNTIES)[0].value).toBe("Sacramento");
    expect(ranked("santa clara", CA_COUNTIES)[0].value).toBe("Santa Clara");
  });

  it("reads short year spans as the long form", () => {
    const top = ranked("2014/15", ACADEMIC_YEARS);
    expect(top[0].value).toBe("2014-2015");
    expect(top[0].score).toBeGreaterThan(0.99);
    expect(ranked("2015-16", ACADEMIC_YEARS)[0].value).toBe("2015-2016");
  });

  it("treats all-caps words as words too", () => {
    expect(cosine(enc.embedOne("FRESNO"), enc.embedOne("Fresno"))).toBeGreaterThan(0.8);
  });

  it("keeps unrelated texts near zero", () => {
    expect(cosine(enc.embedOne("Alameda"), enc.embedOne("2014-2015"))).toBeLessThan(0.15);
    expect(cosine(enc.embedOne("LA"), enc.embedOne("Lake"))).toBeLessThan(0.2);
    expect(cosine(enc.embedOne("fresno unifed"), enc.embedOne("Oakland Unified"))).toBeLessThan(
      cosine(enc.embedOne("fresno unifed"), enc.embedOne("Fresno Unified")) - 0.3,
    );
    expect(ranked("Merced", CA_COUNTIES)[1].score).toBeLessThan(0.5);
  });

  it("uses synonyms as a weak signal", () => {
    const amount = enc.embedOne("amount");
    expect(cosine(amount, enc.embedOne("total"))).toBeGreaterThan(0.15);
    expect(cosine(amount, enc.embedOne("total"))).toBeGreaterThan(cosine(amount, enc.embedOne("student")) + 0.1);
    const students = enc.embedOne("number of students");
    expect(cosine(students, enc.embedOne("student count"))).toBeGreaterThan(
      cosine(students, enc.embedOne("school name")) + 0.25,
    );
  });
});
