import Papa from "papaparse";
import { describe, expect, it } from "vitest";
import { FORMULA_CELLS } from "@/lib/core/util/testing/formula-payloads";
import { resultCsv } from "./resultCsv";

describe("resultCsv", () => {
  it("writes every value as the result has it, quoting only where CSV needs it, null as empty", () => {
    const rows = [
      ["007", 1.5, null],
      [' padded, "quoted" ', -2, "line\nbreak"],
    ];
    const csv = resultCsv({ columns: ["code", "x", "note"], rows, rowCount: 2, cut: false });
    expect(csv.split("\r\n")[0]).toBe("code,x,note");
    expect(csv.split("\r\n")[1]).toBe("007,1.5,");
    expect(csv).toContain('" padded, ""quoted"" "');
    const back = Papa.parse<string[]>(csv, { newline: "\r\n" }).data;
    expect(back.slice(1)).toEqual(rows.map((r) => r.map((v) => (v === null ? "" : String(v)))));
  });

  it("runs no formula: a cell that starts like one is prefixed with an apostrophe", () => {
    const csv = resultCsv({ columns: ["v"], rows: FORMULA_CELLS.map((c) => [c]), rowCount: 9, cut: false });
    const cells = Papa.parse<string[]>(csv, { newline: "\r\n" })
      .data.slice(1)
      .map((r) => r[0]);
    expect(cells).toEqual(FORMULA_CELLS.map((c) => `'${c}`));
  });
});

describe("resultCsv with written cells", () => {
  it("exports a stored number as the file wrote it, and computed values as computed", () => {
    const csv = resultCsv({
      columns: ["name", "surfacearea", "max"],
      rows: [
        ["Russia", 17075400, 17075400],
        ["Aruba", 193, 17075400],
      ],
      rowCount: 2,
      cut: false,
      written: [
        [0, 1, "17075400.0"],
        [1, 1, "193.0"],
      ],
    });
    expect(csv.split("\r\n")).toEqual(["name,surfacearea,max", "Russia,17075400.0,17075400", "Aruba,193.0,17075400"]);
  });
});
