import Papa from "papaparse";
import { describe, expect, it } from "vitest";
import { resultCsv } from "./resultCsv";

describe("resultCsv", () => {
  it("writes every value as the result has it, quoting only where CSV needs it, null as empty", () => {
    const rows = [
      ["007", 1.5, null],
      [' padded, "quoted" ', -2, "line\nbreak"],
      ["=SUM(A1)", 0, ""],
    ];
    const csv = resultCsv({ columns: ["code", "x", "note"], rows, rowCount: 3, cut: false });
    expect(csv.split("\r\n")[0]).toBe("code,x,note");
    expect(csv.split("\r\n")[1]).toBe("007,1.5,");
    expect(csv).toContain('" padded, ""quoted"" "');
    // Read back, the text is exactly what was written (a formula is not escaped: values as written).
    const back = Papa.parse<string[]>(csv, { newline: "\r\n" }).data;
    expect(back.slice(1)).toEqual(rows.map((r) => r.map((v) => (v === null ? "" : String(v)))));
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
