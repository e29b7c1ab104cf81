import { describe, expect, it } from "vitest";
import { overviewTitle } from "./overviewTitle";
import { headerTitle, namePieces } from "./titleWrap";
import { OVERVIEW_ZOOM } from "./zoomScale";

// At zoom 0.21 (a 30-table graph fitted at 1024 px) a line holds 7 characters; a box of four
// columns (148 units tall) holds 2 lines with its gaps, a 600-unit one 4, a 40-unit one 1.
const zoom = 0.21;
const lines = (title: string) => title.split("\n");

/** Every line is whole pieces of the name, except a last piece shortened with "…". */
function brokenOnlyBetweenWords(name: string, title: string) {
  const pieces = namePieces(name).map((p) => p.trim());
  for (const line of lines(title).filter((l) => l !== "(view)")) {
    const words = namePieces(line.replace(/…$/, "")).map((p) => p.trim());
    words.forEach((w, i) => {
      const last = i === words.length - 1 && line.endsWith("…");
      expect(last ? pieces.some((p) => p.startsWith(w)) : pieces.includes(w), `"${w}" of "${line}"`).toBe(true);
    });
  }
}

describe("overview titles", () => {
  it("are the whole name at reading size", () => {
    expect(overviewTitle("ProductSubcategory", OVERVIEW_ZOOM, 100)).toBe("ProductSubcategory");
  });

  it("break between words and camelCase humps, as many lines as the box holds", () => {
    expect(overviewTitle("Region", zoom, 148)).toBe("Region");
    expect(overviewTitle("ShipMethod", zoom, 148)).toBe("Ship\nMethod");
    expect(overviewTitle("Product_stock", zoom, 148)).toBe("Product\n_stock");
    const view = overviewTitle("Open purchase orders", zoom, 600);
    expect(view).toBe("Open\npurcha…\norders");
    for (const line of lines(view)) expect(line.length).toBeLessThanOrEqual(7);
  });

  it("never break inside a word: a word wider than a line is shortened with an ellipsis", () => {
    expect(overviewTitle("Salesperson", zoom, 600)).toBe("Salesp…");
    expect(overviewTitle("ProductSubcategory", zoom, 600)).toBe("Product\nSubcat…");
    expect(overviewTitle("SalespersonQuota", zoom, 600)).toBe("Salesp…\nQuota");
    expect(overviewTitle("Sales by Year", zoom, 600)).toBe("Sales\nby Year");
    for (const name of ["SalesOrderHeaderSalesReason", "Customer order totals by country and year · view"])
      brokenOnlyBetweenWords(name, overviewTitle(name, zoom, 148));
  });

  it("keep the word view on a line of its own for a view", () => {
    expect(overviewTitle("Employee directory · view", zoom, 148)).toBe("Employ…\n(view)");
    expect(overviewTitle("Open purchase orders · view", zoom, 600)).toBe("Open\npurcha…\norders\n(view)");
  });

  it("end in an ellipsis only when the name does not fit in the lines the box holds", () => {
    expect(overviewTitle("ShipMethod", zoom, 600)).toBe("Ship\nMethod");
    expect(overviewTitle("ProductSubcategory", zoom, 40)).toBe("Produc…");
    const long = overviewTitle("Customer order totals by country and year", zoom, 600);
    expect(lines(long)).toHaveLength(4);
    expect(long.endsWith("…")).toBe(true);
    for (const line of lines(long)) expect(line.length).toBeLessThanOrEqual(7);
  });
});

describe("header titles at reading size", () => {
  it("wrap between words within three lines, never inside one", () => {
    const name = "Customer order totals by country and year · view";
    const title = headerTitle(name, 14, 188);
    expect(title.length).toBeGreaterThan(1);
    expect(title.length).toBeLessThanOrEqual(3);
    brokenOnlyBetweenWords(name, title.join("\n"));
    expect(headerTitle("Sales by Year", 14, 188)).toEqual(["Sales by Year"]);
  });
});
