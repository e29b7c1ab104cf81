import { describe, expect, it } from "vitest";
import { LINK_FEATURES, linkFeatures, type LinkColumn } from "./features";
import { acronym, wordMatch } from "./text";

const col = (table: string, name: string, extra: Partial<LinkColumn> = {}): LinkColumn => ({
  table,
  column: name,
  name,
  type: "text",
  isPrimaryKey: false,
  ...extra,
});
const feature = (row: number[], name: (typeof LINK_FEATURES)[number]) => row[LINK_FEATURES.indexOf(name)];

describe("linker text helpers", () => {
  it("meets words by identity, stem, abbreviation and compound end", () => {
    expect(wordMatch("age", "age")).toBe(3);
    expect(wordMatch("singers", "singer")).toBe(2);
    expect(wordMatch("town", "hometown")).toBe(1);
    expect(wordMatch("dog", "weight")).toBe(0);
  });
  it("reads initials of multi-word names", () => {
    expect(acronym(["grade", "point", "average"])).toBe("gpa");
    expect(acronym(["age"])).toBe("");
  });
});

describe("linkFeatures", () => {
  const columns = [
    col("singer", "Singer_ID", { type: "integer", isPrimaryKey: true, expandedName: "singer id" }),
    col("singer", "Name", { expandedName: "name" }),
    col("singer", "Age", { type: "integer", expandedName: "age" }),
    col("concert", "Theme", { expandedName: "theme" }),
  ];

  it("gives one row per column with every feature, all finite", () => {
    const rows = linkFeatures("What is the average age of singers from France?", columns, []);
    expect(rows).toHaveLength(4);
    for (const r of rows) {
      expect(r).toHaveLength(LINK_FEATURES.length);
      expect(r.every(Number.isFinite)).toBe(true);
    }
  });

  it("marks name overlap, table mentions and comparisons on numbers", () => {
    const [, name, age, theme] = linkFeatures("What is the average age of singers?", columns, []);
    expect(feature(age, "coverExact")).toBe(1);
    expect(feature(theme, "coverExact")).toBe(0);
    expect(feature(age, "tableCover")).toBe(1);
    expect(feature(theme, "tableCover")).toBe(0);
    expect(feature(age, "compareNumeric")).toBe(1);
    expect(feature(name, "compareNumeric")).toBe(0);
    expect(feature(age, "lexicalRank1")).toBe(1);
  });

  it("reads value hits, shared among the columns holding the phrase", () => {
    const hints = [
      { table: "concert", column: "Theme", phrase: "Happy", score: 1, exact: true },
      { table: "singer", column: "Name", phrase: "Happy", score: 1, exact: true },
    ];
    const [, name, , theme] = linkFeatures("Which concerts had the theme Happy?", columns, hints);
    expect(feature(theme, "valueExact")).toBe(1);
    expect(feature(theme, "valueShare")).toBe(0.5);
    expect(feature(name, "valueExact")).toBe(1);
  });

  it("finds identifiers and SQL-like comparisons of evidence", () => {
    const cs = [
      col("team", "buildUpPlaySpeed", { type: "integer", expandedName: "build up play speed" }),
      col("customers", "Currency"),
    ];
    const [speed, currency] = linkFeatures(
      "Teams with speed over 50 (buildUpPlaySpeed > 50; Currency = 'EUR')",
      cs,
      [],
    );
    expect(feature(speed, "identifier")).toBe(1);
    expect(feature(currency, "nameComparison")).toBe(1);
  });

  it("matches a quoted value against a column's description", () => {
    const cs = [
      col("gasstations", "Segment", { description: "chain segment: 'Discount', 'Premium' or 'Value for money'" }),
      col("gasstations", "Country"),
    ];
    const [segment, country] = linkFeatures('How many "discount" gas stations are there?', cs, []);
    expect(feature(segment, "quotedInDescription")).toBe(1);
    expect(feature(country, "quotedInDescription")).toBe(0);
  });
});
