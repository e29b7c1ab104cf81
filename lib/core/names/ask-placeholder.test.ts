import { describe, expect, it } from "vitest";
import type { TableMeta } from "../model/dataset";
import { askPlaceholder } from "./ask-placeholder";

const col = (name: string, type: string, isPrimaryKey = false) =>
  ({ name, type, isPrimaryKey }) as TableMeta["columns"][number];
const table = (name: string, rowCount: number, columns: TableMeta["columns"], isView = false) => ({
  name,
  rowCount,
  isView,
  columns,
});

describe("ask placeholder", () => {
  it("draws the example from the dataset's own table and header names", () => {
    const tables = [
      table("Artist", 275, [col("ArtistId", "integer", true), col("Name", "text")]),
      table("Invoice", 412, [col("InvoiceId", "integer", true), col("CustomerId", "integer"), col("Total", "real")]),
      table("Sales by year", 9999, [col("Total", "real")], true),
    ];
    expect(askPlaceholder(tables)).toBe("Ask about your tables, e.g. Which Invoice has the highest Total?");
    expect(askPlaceholder([tables[0]])).toBe("Ask about your tables, e.g. How many Artist rows are there per Name?");
    expect(askPlaceholder([])).toBe("Ask about your tables");
  });
});
