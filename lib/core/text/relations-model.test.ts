import { readFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { lexicalRelationsSchema, relatedness, useLexicalRelations } from "./relations";

// The shipped WordNet relations (models/lexical-relations.json) reach a measure named by an
// adjective, a unit or an irregular plural, and do not relate siblings or places to their class.

beforeAll(() => {
  const file = path.resolve(__dirname, "../../../models/lexical-relations.json");
  useLexicalRelations(lexicalRelationsSchema.parse(JSON.parse(readFileSync(file, "utf8"))));
});
afterAll(() => useLexicalRelations(null));

describe("lexical relations model", () => {
  it("relates an adjective to the property it grades", () => {
    expect(relatedness("costly", "price")).toBeGreaterThan(0);
    expect(relatedness("expensive", "price")).toBeGreaterThan(0);
    expect(relatedness("heaviest", "weight")).toBeGreaterThan(0);
  });

  it("relates a quantity to a column named by its unit", () => {
    expect(relatedness("weight", "kilogram")).toBeGreaterThan(0);
    expect(relatedness("heavy", "ounce")).toBeGreaterThan(0);
    expect(relatedness("heavy", "carat")).toBeGreaterThan(0);
  });

  it("reads irregular plurals", () => {
    expect(relatedness("women", "female")).toBeGreaterThan(0);
    expect(relatedness("men", "male")).toBeGreaterThan(0);
  });

  it("keeps unrelated words apart", () => {
    expect(relatedness("african", "continent")).toBe(0);
    expect(relatedness("shipped", "product")).toBe(0);
    expect(relatedness("rain", "snow")).toBe(0);
  });
});
