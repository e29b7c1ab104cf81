import { describe, expect, it } from "vitest";
import { parseEntities } from "./entities";
import { tokenize } from "./tokens";

const names = (q: string) => parseEntities(q, tokenize(q)).map((e) => e.text);

// A value written as a capitalised function word and a name ("Very Good", "The Hague") is one
// name: reading only its last word would answer for another value ("Good").
describe("capitalised names that open with a function word", () => {
  it("keeps the whole name mid-sentence", () => {
    expect(names("How many tickets were rated Very Poor last year?")).toContain("Very Poor");
    expect(names("Which offices are in The Hague?")).toContain("The Hague");
  });

  it("does not open a name at the sentence start or before a lowercase word", () => {
    expect(names("The Hague has how many offices?")).not.toContain("The Hague");
    expect(names("Which tickets were rated Very poorly?")).not.toContain("Very");
  });
});
