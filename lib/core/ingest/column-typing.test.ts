import { describe, expect, it } from "vitest";
import { ColumnTyping } from "./column-typing";
import { formatWritten, newReading, readWrittenNumber } from "./written-number";

/** Types rows of raw cells; returns the stored rows, each row's kept texts and the result. */
function typeRows(rows: string[][]) {
  const typing = new ColumnTyping(rows[0].length);
  const kept: Array<Record<number, string>> = [];
  const stored = rows.map((row) => {
    const values = row.map((raw, c) => typing.valueOf(raw, c));
    typing.accept(values);
    const columns = typing.keptColumns.slice(0, typing.keptCount);
    kept.push(Object.fromEntries(columns.map((c, k) => [c, typing.keptTexts[k]])));
    return values;
  });
  return { stored, kept, result: typing.resolve() };
}

describe("ColumnTyping", () => {
  it("types a column of 9970610.0-style numbers as real, written with one place, keeping no text", () => {
    const { stored, kept, result } = typeRows([["9970610.0"], ["17075400.0"], ["0.0"], ["12.5"]]);
    expect(stored.flat()).toEqual([9970610, 17075400, 0, 12.5]);
    expect(kept.every((k) => Object.keys(k).length === 0)).toBe(true);
    expect(result.types).toEqual(["real"]);
    expect(result.forms).toEqual([{ decimals: 1 }]);
    expect(result.reports[0].reason).toMatch(/1 decimal place/);
  });

  it("keeps the text of numbers the column's form does not print, and remembers the earlier form", () => {
    const { kept, result } = typeRows([["1.50"], ["2.25"], ["+3"], [" 4"], ["3"]]);
    expect(kept.map((k) => k[0])).toEqual([undefined, undefined, "+3", " 4", undefined]);
    expect(result.types).toEqual(["real"]);
    expect(result.forms).toEqual([undefined]);
    // "1.50" and "2.25" were written under two places; the column ends with no fixed places
    expect(result.fixes).toEqual([
      { kind: "forms", column: 0, segments: [{ upToRow: 4, form: { decimals: 2 } }], form: {} },
    ]);
  });

  it("makes a column with a word text, naming the rows whose numbers must become text", () => {
    const { stored, result } = typeRows([["0.000018409608"], ["-18.430000000000007"], ["unknown"], ["0.5"]]);
    expect(stored.flat()).toEqual([0.000018409608, -18.430000000000007, "unknown", "0.5"]);
    expect(result.types).toEqual(["text"]);
    expect(result.reports[0]).toEqual({ reason: expect.stringMatching(/numbers and words.*"unknown"/), flag: "mixed" });
    expect(result.fixes).toMatchObject([{ kind: "to-text", column: 0, upToRow: 2 }]);
  });

  it("reads NA-like words in a numeric column as missing (text kept), and as text in a text column", () => {
    const { stored, kept, result } = typeRows([
      ["1", "NA"],
      ["NA", "AD"],
      ["3", "ZW"],
    ]);
    expect(stored.map((r) => r[0])).toEqual([1, null, 3]);
    expect(kept[1]).toEqual({ 0: "NA" });
    expect(result.types).toEqual(["integer", "text"]);
    expect(result.reports[0].reason).toMatch(/"NA" and the like \(1 cell\) mean a missing number/);
    // "NA" came first in the second column: it is stored as NULL for now and becomes text again
    expect(result.fixes).toMatchObject([{ kind: "to-text", column: 1, upToRow: 1 }]);
  });

  it("keeps cells of only spaces as NULL with their text, in numeric and text columns", () => {
    const { stored, kept, result } = typeRows([
      ["1", "a"],
      ["  ", "  "],
    ]);
    expect(stored[1]).toEqual([null, null]);
    expect(kept[1]).toEqual({ 0: "  ", 1: "  " });
    expect(result.types).toEqual(["integer", "text"]);
    expect(result.reports[1].reason).toMatch(/1 cell of only spaces/);
  });

  it("types thousands separators as numbers only when the column settles the comma", () => {
    const settled = typeRows([["1,234"], ["12,345,678"], ["999"]]);
    expect(settled.result.types).toEqual(["integer"]);
    expect(settled.result.forms).toEqual([{ grouping: true }]);
    const ambiguous = typeRows([["1,234"], ["12,000"], ["999"]]);
    expect(ambiguous.result.types).toEqual(["text"]);
    expect(ambiguous.result.reports[0].flag).toBe("ambiguous-grouping");
  });

  it("stores a whole number written as a decimal as REAL, and types a whole number past 2^53 as real", () => {
    const typing = new ColumnTyping(1);
    const row = [typing.valueOf("5.0", 0)];
    typing.accept(row);
    expect(typing.wholeReal[0]).toBe(1);
    typing.accept([1e21]);
    expect(typing.resolve().types).toEqual(["real"]);
  });

  it("names decimal commas and reads spreadsheet error values as missing numbers", () => {
    const comma = typeRows([["34,02"], ["55,23"], ["12"]]);
    expect(comma.result.reports[0]).toEqual({ reason: expect.stringMatching(/decimal comma.*"34,02"/), flag: "mixed" });
    const errors = typeRows([["12"], ["#NULL!"], ["#DIV/0!"]]);
    expect(errors.result.types).toEqual(["integer"]);
  });

  it("keeps codes with leading zeros and long identifiers as text", () => {
    const { stored, result } = typeRows([["007"], ["12345678901234567890"], ["12"]]);
    expect(stored.flat()).toEqual(["007", "12345678901234567890", "12"]);
    expect(result.types).toEqual(["text"]);
    expect(result.reports[0].flag).toBeUndefined();
  });
});

describe("readWrittenNumber and formatWritten", () => {
  it("reads the common written forms and refuses codes, separators out of place and words", () => {
    const r = newReading();
    for (const [raw, value] of [
      ["9970610.0", 9970610],
      ["0.0000967", 0.0000967],
      ["+3", 3],
      [".5", 0.5],
      ["1e3", 1000],
      [" 42 ", 42],
      ["-1,234.50", -1234.5],
      ["-0", 0],
    ] as const) {
      expect(readWrittenNumber(raw, r), raw).toBe(true);
      expect(r.value).toBe(value);
    }
    for (const raw of ["007", "1,23", "12,345,67", "1,2345", "Infinity", "NaN", "0x1F", "1.2.3", "", "-", ".", "1 000"])
      expect(readWrittenNumber(raw, r), raw).toBe(false);
  });

  it("prints a number in its column's form", () => {
    expect(formatWritten(9970610, { decimals: 1 })).toBe("9970610.0");
    expect(formatWritten(-1234567.5, { decimals: 2, grouping: true })).toBe("-1,234,567.50");
    expect(formatWritten(999, { grouping: true })).toBe("999");
    expect(formatWritten(0.0000967, undefined)).toBe("0.0000967");
  });
});
