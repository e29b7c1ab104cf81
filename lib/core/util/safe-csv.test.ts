import Papa from "papaparse";
import { describe, expect, it } from "vitest";
import { FORMULA_CELLS } from "./formula-payloads";
import { neutraliseFormula, safeCsvHeader, safeCsvLines, toSafeCsv } from "./safe-csv";

describe("toSafeCsv", () => {
  it("prefixes every cell a spreadsheet would run as a formula, headers included", () => {
    const csv = toSafeCsv(
      ["=bad header", "ok"],
      FORMULA_CELLS.map((c) => [c, "plain"]),
    );
    const back = Papa.parse<string[]>(csv, { newline: "\r\n" }).data;
    expect(back[0]).toEqual(["'=bad header", "ok"]);
    for (const [i, payload] of FORMULA_CELLS.entries()) {
      expect(back[i + 1][0]).toBe(`'${payload}`);
      expect(back[i + 1][0]).not.toMatch(/^[=+\-@\t\r]/);
    }
  });

  it("keeps numbers, plain text and empty cells exactly as they are", () => {
    const rows = [
      ["007", 1.5, null],
      [' padded, "quoted" ', -2, "line\nbreak"],
      ["-5", "+1.5e3", ""],
    ];
    const csv = toSafeCsv(["code", "x", "note"], rows);
    const back = Papa.parse<string[]>(csv, { newline: "\r\n" }).data;
    expect(back.slice(1)).toEqual(rows.map((r) => r.map((v) => (v === null ? "" : String(v)))));
    expect(neutraliseFormula("a=b")).toBe("a=b");
  });
});

describe("safeCsvHeader and safeCsvLines (a CSV written in pieces)", () => {
  it("joins to the same rows as toSafeCsv, whatever the pieces", () => {
    const fields = ["name", "=x"];
    const rows = [
      ["a, b", 1],
      ["  ", null],
      ["@cmd", "line\nbreak"],
    ];
    const pieces =
      safeCsvHeader(fields) + safeCsvLines(rows.slice(0, 1)) + safeCsvLines([]) + safeCsvLines(rows.slice(1));
    expect(pieces).toBe(`${toSafeCsv(fields, rows)}\r\n`);
    expect(Papa.parse<string[]>(pieces.trimEnd(), { newline: "\r\n" }).data[3]).toEqual(["'@cmd", "line\nbreak"]);
  });

  it("writes an empty cell of a one-column CSV as a quoted empty field, not a line readers skip", () => {
    expect(safeCsvLines([["a"], [null], [""]])).toBe('a\r\n""\r\n""\r\n');
  });
});
