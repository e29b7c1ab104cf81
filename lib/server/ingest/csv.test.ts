import fs from "node:fs";
import path from "node:path";
import iconv from "iconv-lite";
import { afterEach, describe, expect, it } from "vitest";
import { importCsv } from "./csv";
import { readBack } from "./testing/read-back";
import { ImportError } from "./errors";
import { makeTempDir, makeTestContext, uploadedFile, type TestContext } from "./testing/test-context";

let ctx: TestContext | null = null;
afterEach(() => ctx?.close());

async function importText(name: string, content: string | Buffer, limits = {}) {
  const dir = makeTempDir();
  const file = path.join(dir, "upload.bin");
  fs.writeFileSync(file, content);
  ctx = makeTestContext(path.join(dir, "ds"), limits);
  const [table] = await importCsv(uploadedFile(file, name), ctx);
  const rows = ctx.db.prepare(`SELECT * FROM "${table.sqlName}" ORDER BY rowid`).raw(true).all() as unknown[][];
  return { table, rows };
}

async function importError(name: string, content: string | Buffer, limits = {}): Promise<ImportError> {
  try {
    await importText(name, content, limits);
  } catch (err) {
    expect(err).toBeInstanceOf(ImportError);
    return err as ImportError;
  }
  throw new Error("expected the import to fail");
}

describe("importCsv", () => {
  it("sniffs the delimiter and infers column types", async () => {
    const { table, rows } = await importText(
      "people.csv",
      "name;age;height;born;member\nAda;36;1.65;1815-12-10;yes\nAlan;41;1.78;1912-06-23;no\n",
    );
    expect(table.columns.map((c) => [c.name, c.type])).toEqual([
      ["name", "text"],
      ["age", "integer"],
      ["height", "real"],
      ["born", "date"],
      ["member", "boolean"],
    ]);
    expect(table.rowCount).toBe(2);
    expect(rows[0]).toEqual(["Ada", 36, 1.65, "1815-12-10", "yes"]);
  });

  it("reads tabs, pipes and quoted fields with delimiters and newlines", async () => {
    const tsv = await importText("t.tsv", "a\tb\n1\tx y\n");
    expect(tsv.table.source).toBe("tsv");
    const piped = await importText("p.csv", "a|b|c\n1|2|3\n4|5|6\n");
    expect(piped.table.columns).toHaveLength(3);
    const quoted = await importText("q.csv", 'city,note\n"Fresno, CA","line one\nline two"\nLA,"say ""hi"""\n');
    expect(quoted.rows).toEqual([
      ["Fresno, CA", "line one\nline two"],
      ["LA", 'say "hi"'],
    ]);
  });

  it("keeps leading zeros and mixed columns as text", async () => {
    const { table, rows } = await importText("z.csv", "zip,code\n00123,1\n94110,A7\n");
    expect(table.columns.map((c) => c.type)).toEqual(["text", "text"]);
    expect(rows).toEqual([
      ["00123", "1"],
      ["94110", "A7"],
    ]);
  });

  it("decodes UTF-8 with BOM, UTF-16 with BOM and falls back to Windows-1252", async () => {
    const bom = await importText(
      "b.csv",
      Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from("naïve,x\ncafé,1\n")]),
    );
    expect(bom.table.columns[0].name).toBe("naïve");
    const utf16 = await importText(
      "u.csv",
      Buffer.concat([Buffer.from([0xff, 0xfe]), iconv.encode("größe,x\nStraße,2\n", "utf16le")]),
    );
    expect(utf16.rows[0][0]).toBe("Straße");
    const cp1252 = await importText("w.csv", iconv.encode("name,price\nCrème brûlée,4\n", "win1252"));
    expect(cp1252.rows[0][0]).toBe("Crème brûlée");
    expect(cp1252.table.notes.join(" ")).toMatch(/Windows-1252/);
  });

  it("reads UTF-8 with a few bad bytes as UTF-8 and names their lines, small file or large", async () => {
    // 2,000 good multi-byte cells and one Windows-1252 byte near the end: the cells stay as written.
    const good = "city,n\n".concat("Zürich,1\n".repeat(2000));
    const small = Buffer.concat([Buffer.from(good), Buffer.from([0x43, 0x61, 0x66, 0xe9]), Buffer.from(",2\n")]);
    const one = await importText("one-bad.csv", small);
    expect(one.rows.slice(0, 2000).every((r) => r[0] === "Zürich")).toBe(true);
    expect(one.rows[2000][0]).toBe("Caf\ufffd");
    const note = one.table.notes.find((n) => n.includes("not"))!;
    expect(note).toBe(
      "one-bad.csv is UTF-8, but 1 byte sequence in it is not (line 2,002); read as UTF-8, it shows as �. " +
        "The rest of the file is as written.",
    );
    expect(one.table.notes.join(" ")).not.toMatch(/Windows-1252/);
    // Past the sniffed sample (64 KB) too, with bad bytes cut across read chunks and at the very end.
    const big = Buffer.concat([
      Buffer.from("city,n\n".concat("Zürich,1\n".repeat(40_000))),
      Buffer.from([0xe9, 0x2c, 0x32, 0x0a]),
      Buffer.from("Zürich,1\n".repeat(40_000)),
      Buffer.from([0xff, 0x2c, 0x33, 0x0a, 0x41, 0x42, 0xc3, 0x2c, 0x34, 0x0a, 0x43, 0xc3]),
    ]);
    const two = await importText("late-bad.csv", big);
    expect(two.rows).toHaveLength(80_004);
    expect(two.rows[40_000]).toEqual(["\ufffd", 2]);
    expect(two.rows[80_001]).toEqual(["\ufffd", 3]);
    expect(two.rows[80_002]).toEqual(["AB\ufffd", 4]);
    expect(two.rows[80_003]).toEqual(["C\ufffd", null]);
    expect(two.rows.filter((r) => r[0] === "Zürich")).toHaveLength(80_000);
    expect(two.table.notes.join(" ")).toContain(
      "4 byte sequences in it are not (lines 40,002, 80,003, 80,004, 80,005)",
    );
  });

  it("renames duplicate and empty headers and says so", async () => {
    const { table } = await importText("h.csv", "id,,id\n1,2,3\n");
    expect(table.columns.map((c) => c.name)).toEqual(["id", "column 2", "id_2"]);
    expect(table.notes.join(" ")).toMatch(/no header/);
    expect(table.notes.join(" ")).toMatch(/more than once/);
  });

  it("pads short rows with a note and rejects long rows with the line number", async () => {
    const { rows, table } = await importText("s.csv", "a,b,c\n1,2\n3,4,5\n");
    expect(rows[0]).toEqual([1, 2, null]);
    expect(table.notes.join(" ")).toMatch(/1 row\(s\).*fewer fields/);
    const err = await importError("l.csv", 'a,b\n1,2\n"multi\nline",2\n3,4,5\n');
    expect(err.code).toBe("csv_row_too_long");
    expect(err.message).toContain("l.csv, line 5");
  });

  it("refuses empty, blank and binary files with clear messages", async () => {
    expect((await importError("e.csv", "")).code).toBe("csv_empty");
    expect((await importError("blank.csv", "\n\n\n")).code).toBe("csv_empty");
    const binary = await importError("bin.csv", Buffer.from([0x00, 0x01, 0x02, 0xff, 0x10, 0x00]));
    expect(binary.code).toBe("csv_not_text");
    const sqlite = await importError("db.csv", Buffer.from("SQLite format 3\u0000rest-of-header"));
    expect(sqlite.message).toMatch(/SQLite database/);
  });

  it("imports a header-only file as an empty table", async () => {
    const { table } = await importText("only.csv", "a,b\n");
    expect(table.rowCount).toBe(0);
    expect(table.notes.join(" ")).toMatch(/no data rows/);
  });

  it("enforces the column limit", async () => {
    const header = Array.from({ length: 30 }, (_, i) => `c${i}`).join(",");
    const err = await importError("wide.csv", `${header}\n`, { maxColumns: 20 });
    expect(err.code).toBe("too_many_columns");
  });

  it("reads backslash-escaped quotes (MySQL style) without merging cells", async () => {
    const text = 'title,note,n\n"Say \\"hi\\"","a\\\\b",1\n"plain","x, y",2\n';
    const { table, rows } = await importText("mysql.csv", text);
    expect(rows).toEqual([
      ['Say "hi"', "a\\b", 1],
      ["plain", "x, y", 2],
    ]);
    expect(table.dialect).toMatchObject({ delimiter: ",", escape: "backslash", headerRows: 1 });
    expect(table.notes.join(" ")).toMatch(/backslash-escaped quotes/);
  });

  it("keeps backslash escapes and quoted newlines right across stream chunks of a large file", async () => {
    const lines = ["id,quote,path"];
    for (let i = 0; i < 40_000; i++) lines.push(`${i},"say \\"hi\\"\nline ${i}","C:\\\\dir${i}\\\\"`);
    const { table, rows } = await importText("big-mysql.csv", lines.join("\n") + "\n");
    expect(table.rowCount).toBe(40_000);
    expect(table.dialect?.escape).toBe("backslash");
    expect(rows[39_999]).toEqual([39_999, 'say "hi"\nline 39999', "C:\\dir39999\\"]);
    expect(rows.every((r, i) => r[0] === i && r[2] === `C:\\dir${i}\\`)).toBe(true);
  });

  it("names the line where a row disagrees with the chosen dialect", async () => {
    const text = 'a,b\n"1","2"\n"x "y" z","3"\n';
    const err = await importError("bad.csv", text);
    expect(err.message).toMatch(/bad\.csv, line 3/);
    expect(err.message).toMatch(/choose the dialect/);
  });

  it("stores .500, +23 and 3.10 as numbers shown as written, and 007 as a code (text)", async () => {
    const { table, rows } = await importText(
      "v.csv",
      "pct,diff,price,code,n\n.500,+23,3.10,007,4\n.250,-2,2.5,012,5\n",
    );
    expect(rows[0]).toEqual([0.5, 23, 3.1, "007", 4]);
    expect(rows[1]).toEqual([0.25, -2, 2.5, "012", 5]);
    expect(table.columns.map((c) => c.type)).toEqual(["real", "integer", "real", "text", "integer"]);
    expect(readBack(ctx!, table).cells).toEqual([
      [".500", "+23", "3.10", "007", "4"],
      [".250", "-2", "2.5", "012", "5"],
    ]);
    expect(table.columns[3].typing?.reason).toMatch(/codes such as "007"/);
  });

  it("applies the dialect and header depth chosen at upload", async () => {
    const dir = makeTempDir();
    const file = path.join(dir, "x.csv");
    fs.writeFileSync(file, "Sales,,Costs\n2020,2021,2020\n1,2,3\n4,5,6\n");
    ctx = makeTestContext(path.join(dir, "ds"));
    ctx.overrides = { headerRows: 2 };
    const [table] = await importCsv(uploadedFile(file, "x.csv"), ctx);
    expect(table.columns.map((c) => c.name)).toEqual(["Sales / 2020", "Sales / 2021", "Costs / 2020"]);
    expect(table.rowCount).toBe(2);
    expect(table.layout?.headerRows).toHaveLength(2);
    ctx.close();
    ctx = makeTestContext(path.join(dir, "ds2"));
    ctx.overrides = { headerRows: 0, dialect: { delimiter: ";" } };
    const [raw] = await importCsv(uploadedFile(file, "x.csv"), ctx);
    expect(raw.columns.map((c) => c.name)).toEqual(["column 1"]);
    expect(raw.rowCount).toBe(4);
    expect(raw.notes[0]).toMatch(/Read as chosen at upload/);
  });

  it("streams a large file with progress reports", async () => {
    const lines = ["id,label,value"];
    for (let i = 0; i < 50_000; i++) lines.push(`${i},item ${i},${i * 0.5}`);
    const { table } = await importText("big.csv", lines.join("\n"));
    expect(table.rowCount).toBe(50_000);
    expect(table.columns.map((c) => c.type)).toEqual(["integer", "text", "real"]);
    expect(ctx!.progress.length).toBeGreaterThan(0);
  });
});

describe("importCsv header detection", () => {
  it("detects a two-row header written out from merged cells (repeated label, empty top-left block)", async () => {
    const text = ",Sales,Sales,Sales\n,2019,2020,2021\nNorth,1,2,3\nSouth,4,5,6\nEast,7,8,9\nWest,1,1,1\n";
    const { table, rows } = await importText("m.csv", text);
    expect(table.columns.map((c) => c.name)).toEqual(["column 1", "Sales / 2019", "Sales / 2020", "Sales / 2021"]);
    expect(rows[0]).toEqual(["North", 1, 2, 3]);
    expect(table.dialect?.headerRows).toBe(2);
  });

  it("keeps one header row when a data row merely repeats a value", async () => {
    const { table } = await importText("r.csv", "a,b,c\n1,same,same\n2,x,y\n3,x,z\n4,q,r\n");
    expect(table.rowCount).toBe(4);
  });
});
