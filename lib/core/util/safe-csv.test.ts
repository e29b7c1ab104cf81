import Papa from "papaparse";
import { describe, expect, it } from "vitest";
import { FORMULA_CELLS } from "./testing/formula-payloads";
import { neutraliseFormula, toSafeCsv } from "./safe-csv";

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
