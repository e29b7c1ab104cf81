import { describe, expect, it } from "vitest";
import { parseQuestionLocally } from "../parse";
import type { RangeColumn } from "./step";
import { parseRangesLocally } from "./local";

const column = (column: string, name: string, type: RangeColumn["type"]): RangeColumn => ({
  table: "products",
  column,
  name,
  type,
  words: name.toLowerCase().split(" "),
  own: name.toLowerCase().split(" "),
  keyLike: false,
  numericText: false,
  examples: [],
});
const columns = [
  column("product_name", "Product Name", "text"),
  column("msrp", "MSRP", "real"),
  column("imdb_rating", "IMDB Rating", "real"),
];
const ranges = (question: string) =>
  parseRangesLocally({ question, parsed: parseQuestionLocally(question), hints: [], columns }).ranges.filter(
    (r) => r.role === "constrained",
  );

describe("parseRangesLocally", () => {
  it("reads an unquoted name a column is called by as that column, not as a value", () => {
    expect(ranges("What's the product with the top MSRP?")).toEqual([]);
    expect(ranges("Which product name has the highest IMDB rating?")).toEqual([]);
  });

  it("still reads a quoted name, or one no header holds, as a value", () => {
    expect(ranges("How many products are named 'MSRP'?").map((r) => r.predicate?.values)).toEqual([["MSRP"]]);
    expect(ranges("What is the MSRP of the product named ACME?").map((r) => r.predicate?.values)).toEqual([["ACME"]]);
  });
});
