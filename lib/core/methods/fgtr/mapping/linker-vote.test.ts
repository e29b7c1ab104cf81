import { describe, expect, it } from "vitest";
import { seededRandom } from "./shuffle";
import { CUT_SPREAD, describeLinks, linkerVote } from "./linker-vote";

const links = [
  { table: "singer", column: "Age", probability: 0.9 },
  { table: "singer", column: "Name", probability: 0.3 },
  { table: "concert", column: "Theme", probability: 0.05 },
];

describe("linkerVote", () => {
  it("always votes for clearly linked columns and never for clearly unlinked ones", () => {
    for (let seed = 0; seed < 50; seed++) {
      const vote = linkerVote(links, 0.3, seededRandom(seed));
      const names = vote.columns.map((c) => c.column);
      expect(names).toContain("Age");
      expect(names).not.toContain("Theme");
      expect(vote.cut).toBeGreaterThanOrEqual(0.3 * (1 - CUT_SPREAD) - 1e-9);
      expect(vote.cut).toBeLessThanOrEqual(0.3 * (1 + CUT_SPREAD) + 1e-9);
    }
  });

  it("lets the round's draw decide a column at the cut, the same way for the same seed", () => {
    const votes = Array.from({ length: 40 }, (_, seed) =>
      linkerVote(links, 0.3, seededRandom(seed)).columns.some((c) => c.column === "Name"),
    );
    expect(votes.some(Boolean)).toBe(true);
    expect(votes.some((v) => !v)).toBe(true);
    expect(linkerVote(links, 0.3, seededRandom(7))).toEqual(linkerVote(links, 0.3, seededRandom(7)));
  });

  it("explains the most probable columns", () => {
    expect(describeLinks(links, 2)).toBe("singer.Age 0.90, singer.Name 0.30");
  });
});
