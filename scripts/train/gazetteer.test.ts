import { describe, expect, it } from "vitest";
import { buildGazetteer } from "./trainers/gazetteer.mts";

describe("the gazetteer's demonyms", () => {
  const groups = buildGazetteer().groups;
  const placeOf = (word: string) => groups.filter((g) => g.includes(word)).map((g) => g[0]);

  it("adds the adjective WordNet says pertains to one place", () => {
    expect(placeOf("French")).toEqual(["France"]);
    expect(placeOf("Texan")).toEqual(["Texas"]);
    expect(placeOf("American")).toEqual(["United States of America"]);
  });

  it("leaves out an adjective of two places or of a name two places share", () => {
    expect(placeOf("Chinese")).toEqual([]);
    expect(placeOf("Georgian")).toEqual([]);
  });
});
