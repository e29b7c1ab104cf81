import { describe, expect, it } from "vitest";
import { suggestDatasetName } from "./dataset-name";

describe("default dataset name", () => {
  it("uses the one file's name, the folder, a shared name, or the first name and a count", () => {
    expect(suggestDatasetName(["Invoice.csv"])).toBe("Invoice");
    expect(suggestDatasetName(["Album.csv", "Artist.csv"], "chinook")).toBe("chinook");
    expect(suggestDatasetName(["sales_2023.csv", "sales_2024.csv", "sales_2025.csv", "sales_x.csv"])).toBe("sales");
    expect(suggestDatasetName(["a.csv", "b.csv"])).toBe("a + b");
    const chinook = ["Album", "Artist", "Customer", "Employee", "Genre", "Invoice", "InvoiceLine", "MediaType"];
    expect(suggestDatasetName(chinook.map((n) => `${n}.csv`))).toBe("Album and 7 other tables");
  });
});
