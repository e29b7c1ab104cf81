import fs from "node:fs";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { makeTempDir, makeTestContext, uploadedFile, type TestContext } from "./testing/test-context";
import { importXlsx } from "./xlsx";
import { writeWorkbook } from "./testing/xlsx-fixtures";

let dir: string;
let ctx: TestContext;

beforeEach(() => {
  dir = makeTempDir();
  ctx = makeTestContext(path.join(dir, "ds"));
});
afterEach(() => {
  ctx.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

const rows = (table: string) => ctx.db.prepare(`SELECT * FROM "${table}" ORDER BY rowid`).raw().all() as unknown[][];

describe("importXlsx", () => {
  it("keeps a merged two-row header as layout and composes column names from it", async () => {
    const file = await writeWorkbook(path.join(dir, "enrolment.xlsx"), (wb) => {
      const ws = wb.addWorksheet("Enrolment");
      ws.addRows([
        ["Region", 2023, null, 2024, null],
        [null, "Boys", "Girls", "Boys", "Girls"],
        ["North", 10, 11, 12, 13],
        ["South", 20, 21, 22, 23],
        ["East", 30, 31, 32, 33],
        [null, 40, 41, 42, 43],
      ]);
      ws.mergeCells("A1:A2");
      ws.mergeCells("B1:C1");
      ws.mergeCells("D1:E1");
      ws.mergeCells("A5:A6"); // a body merge: one region over two rows
      wb.addWorksheet("Notes"); // empty
    });
    const [table, ...others] = await importXlsx(uploadedFile(file), ctx);
    expect(others).toHaveLength(0);
    expect(table).toMatchObject({
      name: "Enrolment",
      schemaName: "main",
      source: "xlsx",
      sourceFile: "enrolment.xlsx",
      rowCount: 4,
    });
    expect(table.columns.map((c) => c.name)).toEqual([
      "Region",
      "2023 / Boys",
      "2023 / Girls",
      "2024 / Boys",
      "2024 / Girls",
    ]);
    expect(table.columns.map((c) => c.type)).toEqual(["text", "integer", "integer", "integer", "integer"]);
    expect(table.layout).toEqual({
      sheet: "Enrolment",
      headerRows: [
        ["Region", "2023", null, "2024", null],
        [null, "Boys", "Girls", "Boys", "Girls"],
      ],
      merges: [
        { top: 0, left: 0, bottom: 1, right: 0 },
        { top: 0, left: 1, bottom: 0, right: 2 },
        { top: 0, left: 3, bottom: 0, right: 4 },
        { top: 4, left: 0, bottom: 5, right: 0 },
      ],
      gridRows: 6,
      gridColumns: 5,
    });
    // The region merged down over two rows shows on both; the merge itself stays in the layout.
    expect(rows(table.sqlName)).toEqual([
      ["North", 10, 11, 12, 13],
      ["South", 20, 21, 22, 23],
      ["East", 30, 31, 32, 33],
      ["East", 40, 41, 42, 43],
    ]);
    expect(table.notes.join("\n")).toContain('Sheet "Notes" of enrolment.xlsx is empty');
    expect(table.notes.join("\n")).toContain(
      '1 label merged down several rows (the first in column "Region", A5:A6) is shown on each of its rows',
    );
  });

  it("reads sub-labels under a group label even without vertical merges, and skips a title", async () => {
    const file = await writeWorkbook(path.join(dir, "t.xlsx"), (wb) => {
      const ws = wb.addWorksheet("Scores");
      ws.getCell("B3").value = "School report";
      ws.getCell("C4").value = "Maths";
      ws.getRow(5).values = [null, "Pupil", "Term 1", "Term 2"];
      ws.getRow(6).values = [null, "Ann", 7, 8];
      ws.mergeCells("B3:D3");
      ws.mergeCells("C4:D4");
    });
    const [table] = await importXlsx(uploadedFile(file), ctx);
    expect(table.columns.map((c) => c.name)).toEqual(["Pupil", "Maths / Term 1", "Maths / Term 2"]);
    expect(table.layout?.headerRows).toHaveLength(3);
    expect(rows(table.sqlName)).toEqual([["Ann", 7, 8]]);
    expect(table.notes.join("\n")).toContain("starts at cell B3");
  });

  it("composes three header levels", async () => {
    const file = await writeWorkbook(path.join(dir, "three.xlsx"), (wb) => {
      const ws = wb.addWorksheet("Three");
      ws.addRows([
        ["Region", 2023],
        [null, "Boys", null, "Girls"],
        [null, "Count", "Share", "Count", "Share"],
        ["North", 1, 0.5, 1, 0.5],
      ]);
      ["A1:A3", "B1:E1", "B2:C2", "D2:E2"].forEach((range) => ws.mergeCells(range));
    });
    const [table] = await importXlsx(uploadedFile(file), ctx);
    expect(table.columns.map((c) => c.name)).toEqual([
      "Region",
      "2023 / Boys / Count",
      "2023 / Boys / Share",
      "2023 / Girls / Count",
      "2023 / Girls / Share",
    ]);
    expect(rows(table.sqlName)).toEqual([["North", 1, 0.5, 1, 0.5]]);
  });

  it("uses cached formula results, ISO dates and plain text for rich cells", async () => {
    const file = await writeWorkbook(path.join(dir, "calc.xlsx"), (wb) => {
      const ws = wb.addWorksheet("Calc");
      ws.addRow(["x", "double", "label", "when", "note", "flag", "code"]);
      ws.addRow([
        5,
        { formula: "A2*2", result: 10 },
        { formula: 'IF(A2>1,"big","small")', result: "big" },
        new Date(Date.UTC(2024, 0, 15)),
        { richText: [{ text: "bold" }, { text: " text" }] },
        true,
        "42",
      ]);
      ws.addRow([
        3,
        { formula: "A3*2" },
        { error: "#DIV/0!" },
        new Date(Date.UTC(2024, 1, 29, 13, 45, 30)),
        { text: "site", hyperlink: "https://example.com" },
        false,
        "007",
      ]);
    });
    const [table] = await importXlsx(uploadedFile(file), ctx);
    expect(rows(table.sqlName)).toEqual([
      [5, 10, "big", "2024-01-15", "bold text", "true", "42"],
      [3, null, null, "2024-02-29T13:45:30", "site", "false", "007"],
    ]);
    expect(table.columns.map((c) => c.type)).toEqual(["integer", "integer", "text", "date", "text", "boolean", "text"]);
    const notes = table.notes.join("\n");
    expect(notes).toContain("1 formula cell without a saved result");
    expect(notes).toContain("1 cell holding Excel errors");
  });

  it("stores text that reads as a number as a number, like CSV, only when it prints back the same", async () => {
    const file = await writeWorkbook(path.join(dir, "n.xlsx"), (wb) =>
      wb.addWorksheet("N").addRows([
        ["id", "code"],
        ["42", "007"],
        ["7", " 7 "],
      ]),
    );
    const [table] = await importXlsx(uploadedFile(file), ctx);
    expect(rows(table.sqlName)).toEqual([
      [42, "007"],
      [7, " 7 "],
    ]);
    expect(table.columns.map((c) => c.type)).toEqual(["integer", "text"]);
  });

  it("imports each sheet as a table with unique names and reports progress", async () => {
    const file = await writeWorkbook(path.join(dir, "multi.xlsx"), (wb) => {
      wb.addWorksheet("Data").addRows([["n"], ...Array.from({ length: 4500 }, (_, i) => [i])]);
      wb.addWorksheet("data!").addRows([["a"], [1]]);
    });
    ctx.reserveTable("Data");
    const tables = await importXlsx(uploadedFile(file), ctx);
    expect(tables.map((t) => [t.name, t.rowCount])).toEqual([
      ["Data_2", 4500],
      ["data!", 1],
    ]);
    expect(new Set(tables.map((t) => t.sqlName)).size).toBe(2);
    const done = ctx.progress.filter((p) => p.stage === 'Reading sheet "Data" of multi.xlsx').map((p) => p.rowsDone);
    expect(done).toEqual(expect.arrayContaining([2000, 4000, 4500]));
  });
});
