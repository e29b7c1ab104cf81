import { describe, expect, it } from "vitest";
import { retrieveAttributesLocally, type RetrievalInput } from "./attribute-retrieval";

const attributes = [
  { table: "singer", column: "Age", unique: ["age"], frequent: [], tableWords: ["singer"] },
  { table: "singer", column: "Name", unique: ["name"], frequent: [], tableWords: ["singer"] },
  { table: "concert", column: "Theme", unique: ["theme"], frequent: [], tableWords: ["concert"] },
];
const base: RetrievalInput = {
  segments: [
    { text: "the age of singers", role: "main" },
    { text: "in the Happy concert", role: "condition" },
  ],
  attributes,
  hints: [],
  tau: 0.6,
  maxAttributes: 2,
  minSimilarity: 0.12,
};

describe("retrieveAttributesLocally with the trained linker", () => {
  it("keeps each segment's columns at or above the cut, scored by their probability", () => {
    const links = [
      [
        { table: "singer", column: "Age", probability: 0.8 },
        { table: "singer", column: "Name", probability: 0.3 },
        { table: "concert", column: "Theme", probability: 0.02 },
      ],
      [
        { table: "singer", column: "Age", probability: 0.01 },
        { table: "singer", column: "Name", probability: 0.05 },
        { table: "concert", column: "Theme", probability: 0.6 },
      ],
    ];
    const out = retrieveAttributesLocally({ ...base, links, cut: 0.25 });
    expect(out.matches.map((m) => [m.segment, m.column, m.score])).toEqual([
      [0, "Age", 0.8],
      [0, "Name", 0.3],
      [1, "Theme", 0.6],
    ]);
    expect(out.matches[0].keywords).toEqual(["age"]);
  });

  it("names no attribute for a segment whose best column is far below the cut", () => {
    const links = [
      [{ table: "singer", column: "Age", probability: 0.9 }],
      [{ table: "concert", column: "Theme", probability: 0.05 }],
    ];
    const out = retrieveAttributesLocally({ ...base, links, cut: 0.25 });
    expect(out.matches.map((m) => m.segment)).toEqual([0]);
  });
});
