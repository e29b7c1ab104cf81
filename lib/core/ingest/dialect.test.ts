import { describe, expect, it } from "vitest";
import {
  describeDialect,
  detectDialect,
  firstRowIsHeader,
  hideBackslashEscapes,
  restoreBackslashEscapes,
} from "./dialect";

describe("detectDialect", () => {
  it("finds the delimiter whose rows agree", () => {
    expect(detectDialect("a;b;c\n1;2;3\n4;5;6\n", "", true).delimiter).toBe(";");
    expect(detectDialect("a\tb\n1\t2\n", "", true).delimiter).toBe("\t");
    expect(detectDialect("a|b\n1|2\n", "", true).delimiter).toBe("|");
    expect(detectDialect('name,note\n"Smith; John","a; b"\n"Doe; Jane","c"\n', "", true).delimiter).toBe(",");
    expect(detectDialect("single\nvalue\n", "x.tsv", true).delimiter).toBe("\t");
  });

  it("tells doubled quotes from backslash-escaped ones", () => {
    expect(detectDialect('a,b\n"say ""hi""",1\n"x",2\n', "", true).escape).toBe("double");
    expect(detectDialect('a,b\n"say \\"hi\\", ok",1\n"x",2\n', "", true).escape).toBe("backslash");
  });

  it("ignores a record cut at the end of a partial sample", () => {
    const sample = 'a,b\n"1",2\n"3",4\n"unfinished';
    expect(detectDialect(sample, "", false)).toMatchObject({ delimiter: ",", escape: "double", headerRows: 1 });
  });
});

describe("firstRowIsHeader", () => {
  it("takes distinct bare integers over columns of decimals for a header, repeated or decimal ones for data", () => {
    const decimals = [
      ["1.25468901431", "0.5"],
      ["-1.01787622919", "2.25"],
      ["0.482956240304", "1e-3"],
    ];
    expect(firstRowIsHeader([["0", "1"], ...decimals])).toBe(true); // a data frame's unnamed columns
    expect(firstRowIsHeader([["0"], ["1.25"], ["-2.5"], ["0.75"]])).toBe(true); // one unnamed series
    expect(firstRowIsHeader([["2019", "2020"], ...decimals])).toBe(true); // years over measurements
    expect(firstRowIsHeader([["0", "0"], ...decimals])).toBe(false); // repeated: a row of values
    expect(firstRowIsHeader([["0.5", "1"], ...decimals])).toBe(false);
    // A grid of integers (a matrix written without names) stays all data.
    expect(
      firstRowIsHeader([
        ["2", "3", "4"],
        ["3", "4", "5"],
        ["4", "5", "6"],
      ]),
    ).toBe(false);
  });

  it("keeps a text header and drops an all-numeric first row over numeric rows", () => {
    expect(
      firstRowIsHeader([
        ["x", "y"],
        ["1", "2"],
        ["3", "4"],
      ]),
    ).toBe(true);
    expect(
      firstRowIsHeader([
        ["5", "6"],
        ["1", "2"],
        ["3", "4"],
      ]),
    ).toBe(false);
    // Years over a text column are still a header: the text column is not numeric.
    expect(
      firstRowIsHeader([
        ["team", "1990"],
        ["a", "2"],
        ["b", "4"],
      ]),
    ).toBe(true);
  });
});

describe("backslash escapes", () => {
  it('round-trips \\\\ and \\" and leaves other backslashes alone', () => {
    const hidden = hideBackslashEscapes('"a\\"b","c\\\\","d\\n"', '"');
    expect(hidden).not.toContain('\\"');
    expect(restoreBackslashEscapes(hidden, '"')).toBe('"a"b","c\\","d\\n"');
  });

  it("describes the dialect in words", () => {
    const text = describeDialect({ delimiter: "\t", quote: '"', escape: "backslash", headerRows: 2 }, "t.tsv", false);
    expect(text).toMatch(/tab-separated with backslash-escaped quotes.*first 2 rows/);
  });
});
