import { describe, expect, it } from "vitest";
import {
  applyGlossary,
  checkGlossaryImport,
  glossaryEntrySchema,
  glossaryHints,
  mentions,
  type GlossaryEntry,
} from "./glossary";
import type { RetrievalSchema } from "./ports";

const schema: RetrievalSchema = {
  tables: [
    {
      name: "Products",
      sqlRef: '"main"."products"',
      rowCount: 3,
      hasRowId: true,
      columns: [
        { column: "UnitPrice", name: "UnitPrice", type: "real", isPrimaryKey: false, expandedName: "unit price" },
        { column: "Weight", name: "Weight", type: "real", isPrimaryKey: false, description: "Shipping weight." },
      ],
    },
  ],
};
const entries: GlossaryEntry[] = [
  { phrase: "expensive", target: "column", column: "Products.UnitPrice" },
  { phrase: "US", target: "filter", column: "Customers.Country", value: "USA" },
  { phrase: "Big Apple", target: "value", column: "Customers.City", value: "New York" },
];

describe("glossary seam", () => {
  it("adds a column entry's phrase to the column's expanded name and description", () => {
    const out = applyGlossary(schema, entries);
    const price = out.tables[0].columns[0];
    expect(price.expandedName).toBe("unit price; expensive");
    expect(price.description).toBe("Also called: expensive.");
    expect(out.tables[0].columns[1]).toBe(schema.tables[0].columns[1]);
    expect(applyGlossary(schema, [])).toBe(schema);
  });

  it("turns value and filter entries the question mentions into exact value hints", () => {
    expect(glossaryHints("How many customers in the US ordered?", entries)).toEqual([
      { phrase: "US", table: "Customers", column: "Country", value: "USA", score: 1, exact: true },
    ]);
    expect(glossaryHints("Orders from the big   apple", entries).map((h) => h.value)).toEqual(["New York"]);
    // Whole words only: "US" is not in "Russia" or "use".
    expect(glossaryHints("What do users in Russia use?", entries)).toEqual([]);
    expect(mentions("most expensive product", "expensive")).toBe(true);
    expect(mentions("inexpensive", "expensive")).toBe(false);
  });

  it("refuses an entry without a value, an unknown column and a phrase given twice", () => {
    expect(glossaryEntrySchema.safeParse({ phrase: "US", target: "filter", column: "a.b" }).success).toBe(false);
    expect(glossaryEntrySchema.safeParse({ phrase: " ", target: "column", column: "a.b" }).success).toBe(false);
    const report = checkGlossaryImport(
      [
        entries[0],
        { ...entries[0], column: "Products.Weight" },
        { phrase: "x", target: "column", column: "Nope.x" },
        7,
      ],
      new Set(["Products.UnitPrice", "Products.Weight"]),
    );
    expect(report.accepted).toEqual([entries[0]]);
    expect(report.refused.map((r) => r.index)).toEqual([1, 2, 3]);
    expect(report.refused[0].reason).toMatch(/already has a meaning/);
  });
});
