import { describe, expect, it } from "vitest";
import { describeHeaderGuess, detectHeader, type LayoutValue } from "./header-detect";

const body = (n: number, label = true): LayoutValue[][] =>
  Array.from({ length: n }, (_, i) => [...(label ? [`item ${i}`] : []), `$${(i + 1) * 10}`, `${i * 3}`, "—"]);

describe("detectHeader", () => {
  it("reads one header row of text above rows of numbers", () => {
    const guess = detectHeader([["Item", "Price", "Stock", "Note"], ...body(8)]);
    expect(guess).toMatchObject({ headerRows: 1, labelColumns: 1 });
  });

  it("counts the row under a label merged across columns (years under a group label)", () => {
    const rows = [[null, "Quarter ending", null, null], [null, "2001", "2002", "2003"], ...body(8)];
    const guess = detectHeader(rows, [{ top: 0, left: 1, bottom: 0, right: 3 }]);
    expect(guess.headerRows).toBe(2);
    expect(guess.reasons).toContain("a label merged across columns");
  });

  it("treats a label written out in adjacent cells like a merged one (CSV export)", () => {
    const rows = [["", "Group A", "Group A", "Group B"], ["", "1999", "2000", "1999"], ...body(8)];
    expect(detectHeader(rows).headerRows).toBe(2);
  });

  it("spans an empty top-left block over the row labels", () => {
    const rows = [[null, "North", "South", "East"], [null, "2010", "2011", "2012"], ...body(8)];
    const guess = detectHeader(rows);
    expect(guess.headerRows).toBe(2);
    expect(guess.reasons).toContain("an empty top-left block over the row labels");
  });

  it("follows a label merged down from the top and a title over the whole table", () => {
    const rows = [
      ["Annual report", null, null, null],
      ["Item", "Totals", null, null],
      [null, "a", "b", "c"],
      ...body(8),
    ];
    const merges = [
      { top: 0, left: 0, bottom: 0, right: 3 },
      { top: 1, left: 0, bottom: 2, right: 0 },
      { top: 1, left: 1, bottom: 1, right: 3 },
    ];
    expect(detectHeader(rows, merges).headerRows).toBe(3);
  });

  it("keeps a numeric first data row as data when nothing marks it as a header", () => {
    const rows = [["Year", "Count", "Share", "Flag"], ...Array.from({ length: 6 }, (_, i) => [2000 + i, i, 0.5, "x"])];
    expect(detectHeader(rows)).toMatchObject({ headerRows: 1, labelColumns: 0 });
  });

  it("never claims more than six rows or the whole table", () => {
    const rows = Array.from({ length: 9 }, () => ["", "Same", "Same"]);
    expect(detectHeader(rows).headerRows).toBeLessThanOrEqual(6);
    expect(detectHeader([["a", "b"]]).headerRows).toBe(1);
  });

  it("says what it found in words", () => {
    const text = describeHeaderGuess(
      { headerRows: 2, labelColumns: 1, reasons: ["a label merged across columns"] },
      'sheet "S"',
    );
    expect(text).toMatch(/2 header rows in sheet "S" \(a label merged across columns\); 1 leading column/);
  });
});
