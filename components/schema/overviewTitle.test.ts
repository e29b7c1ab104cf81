import { describe, expect, it } from "vitest";
import { overviewTitle } from "./overviewTitle";
import { OVERVIEW_ZOOM } from "./zoomScale";

// At zoom 0.21 (a 30-table graph fitted at 1024 px) a line holds 7 characters; a box of four
// columns (148 units tall) holds 2 lines with its gaps, a 600-unit one 4, a 40-unit one 1.
const zoom = 0.21;
const lines = (title: string) => title.split("\n");

describe("overview titles", () => {
  it("are the whole name at reading size", () => {
    expect(overviewTitle("ProductSubcategory", OVERVIEW_ZOOM, 100)).toBe("ProductSubcategory");
  });

  it("break between words and camelCase humps, as many lines as the box holds", () => {
    expect(overviewTitle("Region", zoom, 148)).toBe("Region");
    expect(overviewTitle("ShipMethod", zoom, 148)).toBe("Ship\nMethod");
    expect(overviewTitle("Product_stock", zoom, 148)).toBe("Product\n_stock");
    expect(overviewTitle("ProductSubcategory", zoom, 600)).toBe("Product\nSubcat-\negory");
    const view = overviewTitle("Open purchase orders", zoom, 600);
    expect(view.replace(/\s|-/g, "")).toBe("Openpurchaseorders");
    for (const line of lines(view)) expect(line.length).toBeLessThanOrEqual(7);
  });

  it("break a word only when it is wider than a line, with a hyphen and two letters or more after it", () => {
    expect(overviewTitle("Salesperson", zoom, 600)).toBe("Salesp-\nerson");
    expect(overviewTitle("Customer", zoom, 600)).toBe("Custom-\ner");
    // The end of a broken word keeps its own line; past the box's lines the title ends in "…".
    expect(overviewTitle("SalespersonQuota", zoom, 600)).toBe("Salesp-\nerson\nQuota");
    expect(overviewTitle("SalespersonQuota", zoom, 148)).toBe("Salesp-\nerson…");
  });

  it("end in an ellipsis only when the name does not fit in the lines the box holds", () => {
    expect(overviewTitle("ProductSubcategory", zoom, 148)).toBe("Product\nSubcat…");
    expect(overviewTitle("ProductSubcategory", zoom, 40)).toBe("Produc…");
    const long = overviewTitle("Customer order totals by country and year", zoom, 600);
    expect(lines(long)).toHaveLength(4);
    expect(long.endsWith("…")).toBe(true);
    for (const line of lines(long)) expect(line.length).toBeLessThanOrEqual(7);
  });
});
