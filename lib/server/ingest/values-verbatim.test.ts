import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { makeTempDir, makeTestContext, uploadedFile, type TestContext } from "./testing/test-context";
import { importCsvText, readBack, type ReadBack } from "./testing/read-back";
import { importXlsx } from "./xlsx";
import { writeWorkbook } from "./testing/xlsx-fixtures";

const contexts: TestContext[] = [];
afterEach(() => {
  for (const c of contexts.splice(0)) if (c.db.open) c.close();
});

/** One column of values, and the same values in a column that turns text (a word) only at its last row. */
function columnsOf(values: string[]): string {
  const lines = values.map((v, i) => `${v},${v},${i === values.length - 1 ? "x" : v}`);
  return `early,same,late\n${lines.join("\n")}\n`;
}

const column = (read: ReadBack, c: number) => read.cells.map((r) => r[c]);

describe.each([
  ["one insert worker", "worker"],
  ["two insert workers", "two-workers"],
  ["this thread's writer", "same-thread"],
] as const)("values as written, through %s", (_, writer) => {
  it("keeps a text column's numeric-looking values as TEXT, each as written", async () => {
    const values = ["x", "1", "2.5", "0.523123750696", "100", "-3"];
    const read = await importCsvText(columnsOf(values), writer);
    expect(read.types).toEqual(["text", "text", "text"]);
    expect(column(read, 0)).toEqual(values);
    expect(read.storage.flat().every((s) => s === "text")).toBe(true);
  });

  it("stores mixed exponent and decimal forms as numbers shown as written, and as text in a text column", async () => {
    const values = ["0.523123750696", "0.000018409608", "1.8409608e-5", "1.5e-7", "2e+21", "0.30000000000000004"];
    const read = await importCsvText(columnsOf(values), writer);
    expect(read.types).toEqual(["real", "real", "text"]);
    expect(column(read, 0)).toEqual(values);
    expect(read.storage.map((r) => r[0]).every((s) => s === "real")).toBe(true);
    expect(column(read, 2)).toEqual([...values.slice(0, -1), "x"]);
    expect(read.storage.map((r) => r[2]).every((s) => s === "text")).toBe(true);
  });

  it("keeps -18.430000000000007 (17 significant digits) as written, in a real column and a text one", async () => {
    const values = ["-18.430000000000007", "0.1", "94.830959", "-18.43"];
    const read = await importCsvText(columnsOf(values), writer);
    expect(read.types).toEqual(["real", "real", "text"]);
    expect(column(read, 0)).toEqual(values);
    expect(column(read, 2)).toEqual([...values.slice(0, -1), "x"]);
    expect(read.storage.map((r) => r[2])).toEqual(["text", "text", "text", "text"]);
  });

  it("stores 9970610.0 and 0.0000967 as numbers (REAL) shown as written", async () => {
    const values = ["9970610.0", "17075400.0", "0.0", "652090.0"];
    const read = await importCsvText(columnsOf(values), writer);
    expect(read.types).toEqual(["real", "real", "text"]);
    expect(column(read, 0)).toEqual(values);
    expect(read.storage.map((r) => r[0])).toEqual(["real", "real", "real", "real"]);
    expect(column(read, 2)).toEqual([...values.slice(0, -1), "x"]);
    const tiny = await importCsvText(columnsOf(["0.0000967", "0.5", "12"]), writer);
    expect(tiny.types[0]).toBe("real");
    expect(column(tiny, 0)).toEqual(["0.0000967", "0.5", "12"]);
  });

  it("keeps cells of only spaces as written, NULL to SQL, in every kind of column", async () => {
    const read = await importCsvText('n,w\n1.50,a\n"  ",b\n2.25,"   "\n', writer);
    expect(read.types).toEqual(["real", "text"]);
    expect(read.cells).toEqual([
      ["1.50", "a"],
      ["  ", "b"],
      ["2.25", "   "],
    ]);
    expect(read.storage).toEqual([
      ["real", "text"],
      ["null", "text"],
      ["real", "null"],
    ]);
  });

  it("reads NA-like words in a column of numbers as missing, shown as written", async () => {
    const read = await importCsvText("n,code\n1,NA\nNA,AD\n3,NaN\n", writer);
    expect(read.types).toEqual(["integer", "text"]);
    expect(read.cells).toEqual([
      ["1", "NA"],
      ["NA", "AD"],
      ["3", "NaN"],
    ]);
    expect(read.storage.map((r) => r[0])).toEqual(["integer", "null", "integer"]);
    expect(read.storage.map((r) => r[1])).toEqual(["text", "text", "text"]);
  });

  it("keeps leading zeros, and makes their column text", async () => {
    const values = ["007", "0012", "12", "0", "-0", "0.50"];
    const read = await importCsvText(columnsOf(values), writer);
    expect(read.types[0]).toBe("text");
    expect(column(read, 0)).toEqual(values);
    expect(read.storage.flat().every((s) => s === "text")).toBe(true);
  });

  it("keeps the text of thousands of numbers written under a form the column drops late, in every column", async () => {
    const values = Array.from({ length: 4500 }, (_, i) => (i === 4400 ? "7" : ((i % 997) / 4).toFixed(2)));
    const read = await importCsvText(columnsOf(values), writer);
    expect(read.types).toEqual(["real", "real", "text"]);
    expect(column(read, 0)).toEqual(values);
    expect(column(read, 2)).toEqual([...values.slice(0, -1), "x"]);
  });

  it("stores 1e3 as the number 1000 (REAL: it was written as a decimal), shown as written", async () => {
    const read = await importCsvText(columnsOf(["1000", "1e3", "1E3", "1e+3"]), writer);
    expect(read.types[0]).toBe("real");
    expect(column(read, 0)).toEqual(["1000", "1e3", "1E3", "1e+3"]);
    expect(read.storage.map((r) => r[0])).toEqual(["integer", "real", "real", "real"]);
  });

  it("stores numbers of numeric columns as numbers that print back as written", async () => {
    const values = ["42", "-7", "123456789012345", "0.1", "1e+21", "5e-324"];
    const read = await importCsvText(columnsOf(values), writer);
    expect(read.types[0]).toBe("real");
    expect(column(read, 0)).toEqual(values);
    expect(read.storage.map((r) => r[0])).toEqual(["integer", "integer", "integer", "real", "real", "real"]);
  });
});

describe("values as written, through the XLSX importer", () => {
  it("stores a mixed column's number cells as their text and its text cells as written", async () => {
    const dir = makeTempDir();
    const file = await writeWorkbook(path.join(dir, "values.xlsx"), (wb) => {
      const ws = wb.addWorksheet("Forecast");
      ws.addRow(["p", "n"]);
      for (const [p, n] of [
        [0.523123750696, 1],
        [-18.430000000000007, 2],
        ["0.000018409608", 3],
        ["x", 4],
      ])
        ws.addRow([p, n]);
    });
    const ctx = makeTestContext(path.join(dir, "ds"));
    contexts.push(ctx);
    const [table] = await importXlsx(uploadedFile(file), ctx);
    const read = readBack(ctx, table);
    expect(read.types).toEqual(["text", "integer"]);
    expect(column(read, 0)).toEqual(["0.523123750696", "-18.430000000000007", "0.000018409608", "x"]);
    expect(read.storage.map((r) => r[0])).toEqual(["text", "text", "text", "text"]);
  });
});
