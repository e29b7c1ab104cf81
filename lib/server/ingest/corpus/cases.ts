import fs from "node:fs";
import type { DatasetDetail } from "@/lib/core/model/dataset";
import { bombEntries, makeZip } from "../xlsx-fixtures";
import { SCHEMA_CASES } from "./cases-sqlite-schemas";
import { encoded, merges, sheetXml, sparseFile, sqliteBytes, sqliteFile, text, xlsxPackage } from "./build";

/**
 * The malformed-input corpus (issue "Reliability and security"): files that are broken, hostile or
 * merely unusual, each with what the import must do — a correct import, or a clear error that
 * names the file. `large` files are generated on demand and not committed.
 */
export type CorpusCase = {
  file: string;
  class: "csv" | "xlsx" | "sqlite";
  why: string;
  large?: boolean;
  build: (path: string) => void;
  expect:
    | { ok: true; tables?: number; rows?: number; check?: (d: DatasetDetail) => void }
    | { ok: false; code: string | RegExp };
};

const write = (data: Buffer | string) => (p: string) => fs.writeFileSync(p, data);
const csv = (s: string) => write(text(s));
const ok = (tables = 1, rows?: number, check?: (d: DatasetDetail) => void) => ({
  ok: true as const,
  tables,
  rows,
  check,
});
const fails = (code: string | RegExp) => ({ ok: false as const, code });
const headerRow = (n: number) => Array.from({ length: n }, (_, i) => `c${i + 1}`).join(",");
const simpleDb = "CREATE TABLE t(id INTEGER PRIMARY KEY, name TEXT); INSERT INTO t VALUES (1,'a'),(2,'b');";

function expectValue(d: DatasetDetail, column: string, name: string): void {
  const col = d.tables[0].columns.find((c) => c.name === column);
  if (!col) throw new Error(`${name}: no column "${column}" in ${d.tables[0].columns.map((c) => c.name).join(", ")}`);
}

export const CSV_CASES: CorpusCase[] = [
  {
    file: "bom-utf8.csv",
    class: "csv",
    why: "UTF-8 with BOM",
    build: write(Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), text("name,age\nAnn,3\n")])),
    expect: ok(1, 1, (d) => expectValue(d, "name", "bom")),
  },
  {
    file: "utf16le-bom.csv",
    class: "csv",
    why: "UTF-16 LE with BOM",
    build: write(encoded("name,city\nZoë,Málaga\n", "utf16le", true)),
    expect: ok(1, 1),
  },
  {
    file: "utf16be-bom.csv",
    class: "csv",
    why: "UTF-16 BE with BOM",
    build: write(encoded("name,city\nZoë,Málaga\n", "utf16be", true)),
    expect: ok(1, 1),
  },
  {
    file: "windows-1252.csv",
    class: "csv",
    why: "not UTF-8: falls back to Windows-1252",
    build: write(encoded("name,price\nCafé,3€\n", "win1252", false)),
    expect: ok(1, 1),
  },
  {
    file: "utf16le-no-bom.csv",
    class: "csv",
    why: "UTF-16 without BOM: NUL bytes everywhere",
    build: write(encoded("name,age\nAnn,3\n", "utf16le", false)),
    expect: fails("csv_not_text"),
  },
  {
    file: "nul-bytes.csv",
    class: "csv",
    why: "NUL bytes inside a text file",
    build: write(Buffer.concat([text("a,b\n1,"), Buffer.from([0, 0, 0]), text("\n")])),
    expect: fails("csv_not_text"),
  },
  {
    file: "control-chars.csv",
    class: "csv",
    why: "a few stray control characters",
    build: csv("a,b\nx\u0001y,2\n"),
    expect: ok(1, 1),
  },
  {
    file: "ragged-short.csv",
    class: "csv",
    why: "rows shorter than the header are padded",
    build: csv("a,b,c\n1,2\n3\n4,5,6\n"),
    expect: ok(1, 3),
  },
  {
    file: "ragged-long.csv",
    class: "csv",
    why: "a row longer than the header",
    build: csv("a,b\n1,2\n1,2,3\n"),
    expect: fails("csv_row_too_long"),
  },
  { file: "only-header.csv", class: "csv", why: "a header and no rows", build: csv("a,b,c\n"), expect: ok(1, 0) },
  {
    file: "only-blank-lines.csv",
    class: "csv",
    why: "nothing but blank lines",
    build: csv("\n\n\r\n\n"),
    expect: fails(/csv_(empty|no_header)/),
  },
  { file: "empty.csv", class: "csv", why: "zero bytes", build: csv(""), expect: fails("csv_empty") },
  {
    file: "formula-injection.csv",
    class: "csv",
    why: "spreadsheet formulas are kept as inert text",
    build: csv('name,link\nx,"=HYPERLINK(""http://evil.example"",""click"")"\ny,+cmd|\' /C calc\'!A0\nz,@SUM(1+1)\n'),
    expect: ok(1, 3),
  },
  {
    file: "wide-10000-columns.csv",
    class: "csv",
    why: "10,000 columns, over SQLite's 2,000",
    build: csv(`${headerRow(10_000)}\n${Array(10_000).fill("1").join(",")}\n`),
    expect: fails(/too_many_columns/),
  },
  {
    file: "cell-1mb.csv",
    class: "csv",
    why: "one 1 MB cell",
    large: true,
    build: csv(`id,blob\n1,"${"x".repeat(1 << 20)}"\n`),
    expect: ok(1, 1),
  },
  {
    file: "semicolon.csv",
    class: "csv",
    why: "semicolon delimiter",
    build: csv("a;b\n1;2\n3;4\n"),
    expect: ok(1, 2, (d) => expectValue(d, "b", "semicolon")),
  },
  {
    file: "pipe.csv",
    class: "csv",
    why: "pipe delimiter",
    build: csv("a|b\n1|2\n"),
    expect: ok(1, 1, (d) => expectValue(d, "b", "pipe")),
  },
  {
    file: "tabs.tsv",
    class: "csv",
    why: "tab delimiter",
    build: csv("a\tb\n1\t2\n"),
    expect: ok(1, 1, (d) => expectValue(d, "b", "tabs")),
  },
  {
    file: "quoted-newlines.csv",
    class: "csv",
    why: "quoted fields with delimiters and newlines",
    build: csv('a,b\n"x, y","line1\nline2"\n2,3\n'),
    expect: ok(1, 2),
  },
  {
    file: "unterminated-quote.csv",
    class: "csv",
    why: "a quote that never closes (would swallow the rest of the file into one cell: refused, naming the line)",
    build: csv('a,b\n1,"never closed\n2,3\n'),
    expect: fails("csv_bad_quotes"),
  },
  {
    file: "duplicate-headers.csv",
    class: "csv",
    why: "the same header twice",
    build: csv("a,a,a\n1,2,3\n"),
    expect: ok(1, 1),
  },
  { file: "empty-headers.csv", class: "csv", why: "blank header cells", build: csv(",b,\n1,2,3\n"), expect: ok(1, 1) },
  {
    file: "crlf.csv",
    class: "csv",
    why: "Windows line endings",
    build: csv("a,b\r\n1,2\r\n3,4\r\n"),
    expect: ok(1, 2),
  },
  {
    file: "sql-in-headers.csv",
    class: "csv",
    why: "headers that are SQL",
    build: csv('"x""; DROP TABLE t; --",select,from\n1,2,3\n'),
    expect: ok(1, 1),
  },
  {
    file: "unicode-headers.csv",
    class: "csv",
    why: "emoji and CJK headers",
    build: csv("名前,🎉 party,naïve\n1,2,3\n"),
    expect: ok(1, 1),
  },
  {
    file: "odd-numbers.csv",
    class: "csv",
    why: "1e309, NaN, -0, thousands separators",
    build: csv('n\n1e309\nNaN\n-0\n"1,000.5"\n'),
    expect: ok(1, 4),
  },
  {
    file: "long-line-no-newline.csv",
    class: "csv",
    why: "a single 2 MB line without a newline",
    large: true,
    build: csv(`${"y".repeat(2 << 20)}`),
    expect: ok(1, 0),
  },
  {
    file: "png-named.csv",
    class: "csv",
    why: "an image renamed .csv",
    build: write(
      Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]), Buffer.alloc(64, 7)]),
    ),
    expect: fails("csv_not_text"),
  },
  {
    file: "sqlite-named.csv",
    class: "csv",
    why: "a SQLite database renamed .csv is read as SQLite",
    build: (p) => fs.writeFileSync(p, sqliteBytes(`${p}.tmp`, simpleDb)),
    expect: ok(1, 2),
  },
  {
    file: "program.exe",
    class: "csv",
    why: "an unsupported extension",
    build: csv("MZ"),
    expect: fails("unsupported_type"),
  },
];

export const XLSX_CASES: CorpusCase[] = [
  {
    file: "minimal.xlsx",
    class: "xlsx",
    why: "a hand-made minimal workbook",
    build: write(
      xlsxPackage([
        {
          name: "S",
          xml: sheetXml([
            ["a", "b"],
            [1, "x"],
          ]),
        },
      ]),
    ),
    expect: ok(1, 1),
  },
  {
    file: "encrypted.xlsx",
    class: "xlsx",
    why: "password-protected (an OLE container)",
    build: write(Buffer.concat([Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]), Buffer.alloc(4096)])),
    expect: fails("xlsx_encrypted"),
  },
  {
    file: "zip-bomb.xlsx",
    class: "xlsx",
    why: "a sheet that inflates 1000×",
    build: write(makeZip(bombEntries(20_000_000))),
    expect: fails(/xlsx_(bomb|too_large)/),
  },
  {
    file: "zero-sheets.xlsx",
    class: "xlsx",
    why: "a workbook with no sheets",
    build: write(xlsxPackage([])),
    expect: fails(/xlsx_(empty|no_sheets|invalid)/),
  },
  {
    file: "empty-sheet.xlsx",
    class: "xlsx",
    why: "a sheet with no cells (like a chart-only sheet)",
    build: write(xlsxPackage([{ name: "Chart1", xml: sheetXml([]) }])),
    expect: fails(/xlsx_(empty|no_sheets)/),
  },
  {
    file: "chart-only-and-data.xlsx",
    class: "xlsx",
    why: "an empty chart sheet next to a data sheet",
    build: write(
      xlsxPackage([
        { name: "Chart", xml: sheetXml([]) },
        {
          name: "Data",
          xml: sheetXml([
            ["k", "v"],
            ["a", 1],
          ]),
        },
      ]),
    ),
    expect: ok(1, 1),
  },
  {
    file: "row-1048576.xlsx",
    class: "xlsx",
    why: "a cell on the last row Excel has (1,048,576)",
    build: write(xlsxPackage([{ name: "Tall", xml: sheetXml([["h"], ["first"], ["last"]], "", [1, 2, 1_048_576]) }])),
    expect: ok(1),
  },
  {
    file: "merges-beyond-grid.xlsx",
    class: "xlsx",
    why: "merged ranges past the used grid",
    build: write(
      xlsxPackage([
        {
          name: "M",
          xml: sheetXml(
            [
              ["a", "b"],
              [1, 2],
            ],
            merges(["A1:Z9", "C50:D60"]),
          ),
        },
      ]),
    ),
    expect: ok(1),
  },
  {
    file: "merges-overlapping.xlsx",
    class: "xlsx",
    why: "merged ranges that overlap (Excel itself refuses to open such a file)",
    build: write(
      xlsxPackage([
        {
          name: "O",
          xml: sheetXml(
            [
              ["a", "b", "c"],
              [1, 2, 3],
              [4, 5, 6],
            ],
            merges(["A1:B2", "B1:C3"]),
          ),
        },
      ]),
    ),
    expect: fails("xlsx_invalid"),
  },
  {
    file: "external-links.xlsx",
    class: "xlsx",
    why: "formulas that point at another workbook keep their cached values",
    build: write(
      xlsxPackage(
        [{ name: "L", xml: sheetXml([["a"], [1]]).replace("<v>1</v>", "<f>[1]Other!A1</f><v>1</v>") }],
        [
          {
            name: "xl/externalLinks/externalLink1.xml",
            data: text(
              '<?xml version="1.0"?><externalLink ' +
                'xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><externalBook/></externalLink>',
            ),
          },
        ],
      ),
    ),
    expect: ok(1, 1),
  },
  {
    file: "truncated.xlsx",
    class: "xlsx",
    why: "a workbook cut in half",
    build: (p) => {
      const full = xlsxPackage([{ name: "S", xml: sheetXml([["a"], [1]]) }]);
      fs.writeFileSync(p, full.subarray(0, Math.floor(full.length / 2)));
    },
    expect: fails(/xlsx_/),
  },
  {
    file: "random-zip.xlsx",
    class: "xlsx",
    why: "a zip that holds no workbook",
    build: write(makeZip([{ name: "readme.txt", data: text("hello") }])),
    expect: fails(/xlsx_/),
  },
  {
    file: "text-named.xlsx",
    class: "xlsx",
    why: "text renamed .xlsx",
    build: csv("a,b\n1,2\n"),
    expect: fails(/xlsx_/),
  },
  {
    file: "bad-xml.xlsx",
    class: "xlsx",
    why: "a sheet that is not XML",
    build: write(xlsxPackage([{ name: "S", xml: "<worksheet><sheetData><row><c>" }])),
    expect: fails(/xlsx_/),
  },
];

export const SQLITE_CASES: CorpusCase[] = [
  {
    file: "good.sqlite",
    class: "sqlite",
    why: "a small valid database",
    build: (p) => sqliteFile(p, simpleDb),
    expect: ok(1, 2),
  },
  {
    file: "truncated.sqlite",
    class: "sqlite",
    why: "a database cut short",
    build: (p) => {
      const b = sqliteBytes(
        `${p}.tmp`,
        `${simpleDb} CREATE TABLE big(x); WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i+1 FROM n WHERE i < ` +
          `3000) INSERT INTO big SELECT hex(randomblob(40)) FROM n;`,
      );
      fs.writeFileSync(p, b.subarray(0, Math.floor(b.length / 3)));
    },
    expect: fails(/sqlite_/),
  },
  {
    file: "wrong-header.sqlite",
    class: "sqlite",
    why: "a damaged magic header",
    build: (p) => {
      const b = sqliteBytes(`${p}.tmp`, simpleDb);
      b.write("SQLite format 4", 0, "latin1");
      fs.writeFileSync(p, b);
    },
    expect: fails(/sqlite_invalid|unsupported_type/),
  },
  {
    file: "wal-only.sqlite",
    class: "sqlite",
    why: "a write-ahead log without its main file",
    build: (p) => {
      const h = Buffer.alloc(4096);
      h.writeUInt32BE(0x377f0682, 0);
      h.writeUInt32BE(3007000, 4);
      fs.writeFileSync(p, h);
    },
    expect: fails(/sqlite_invalid|unsupported_type/),
  },
  {
    file: "encrypted.sqlite",
    class: "sqlite",
    why: "an encrypted database (random bytes, no header)",
    build: (p) => {
      let s = 1;
      fs.writeFileSync(
        p,
        Buffer.from(Array.from({ length: 8192 }, () => (s = (s * 1103515245 + 12345) & 0x7fffffff) & 0xff)),
      );
    },
    expect: fails(/sqlite_invalid|unsupported_type/),
  },
  {
    file: "view-missing-table.sqlite",
    class: "sqlite",
    why: "a view over a table that does not exist",
    build: (p) =>
      sqliteFile(p, `${simpleDb} CREATE TABLE gone(x); CREATE VIEW v AS SELECT * FROM gone; DROP TABLE gone;`),
    expect: ok(1, 2, (d) => {
      if (!d.tables[0].notes.some((n) => n.includes('"v"')))
        throw new Error(`no note about the broken view: ${JSON.stringify(d.tables[0].notes)}`);
    }),
  },
  {
    file: "no-tables.sqlite",
    class: "sqlite",
    why: "a valid database with no tables",
    build: (p) => sqliteFile(p, "PRAGMA user_version = 1;"),
    expect: fails(/sqlite_(empty|invalid)/),
  },
  {
    file: "fk-to-missing.sqlite",
    class: "sqlite",
    why: "a foreign key to a table that does not exist",
    build: (p) =>
      sqliteFile(
        p,
        "PRAGMA foreign_keys = OFF; CREATE TABLE c(id INTEGER PRIMARY KEY, p_id INTEGER REFERENCES nowhere(id)); " +
          "INSERT INTO c VALUES (1, 9);",
      ),
    expect: ok(1, 1),
  },
  {
    file: "reserved-names.sqlite",
    class: "sqlite",
    why: "tables and columns named like SQL keywords and with quotes",
    build: (p) =>
      sqliteFile(
        p,
        `CREATE TABLE "select"("from" TEXT, "a""b" INTEGER, "order" REAL); INSERT INTO "select" VALUES ('x', 1, 2.5);`,
      ),
    expect: ok(1, 1),
  },
  {
    file: "blobs.sqlite",
    class: "sqlite",
    why: "binary blob values",
    build: (p) =>
      sqliteFile(
        p,
        "CREATE TABLE b(id INTEGER PRIMARY KEY, data BLOB); INSERT INTO b VALUES (1, randomblob(3000)), (2, " +
          "x'00ff00');",
      ),
    expect: ok(1, 2),
  },
  {
    file: "without-rowid.sqlite",
    class: "sqlite",
    why: "a WITHOUT ROWID table",
    build: (p) =>
      sqliteFile(p, "CREATE TABLE w(k TEXT PRIMARY KEY, v INT) WITHOUT ROWID; INSERT INTO w VALUES ('a', 1);"),
    expect: ok(1, 1),
  },
  {
    file: "wal-mode.sqlite",
    class: "sqlite",
    why: "a database left in WAL mode",
    build: (p) => {
      sqliteFile(p, simpleDb);
    },
    expect: ok(1, 2),
  },
  {
    file: "sparse-10gb.sqlite",
    class: "sqlite",
    why: "a 10 GB sparse file behind a valid header",
    large: true,
    build: (p) => sparseFile(p, sqliteBytes(`${p}.tmp`, simpleDb), 10 * 1024 ** 3),
    expect: fails("file_too_large"),
  },
  {
    file: "text-named.sqlite",
    class: "sqlite",
    why: "text renamed .sqlite",
    build: csv("hello, not a database\n"),
    expect: fails("sqlite_invalid"),
  },
  {
    file: "zero-bytes.sqlite",
    class: "sqlite",
    why: "an empty file",
    build: csv(""),
    expect: fails(/sqlite_(invalid|empty)/),
  },
];

export const CORPUS: CorpusCase[] = [...CSV_CASES, ...XLSX_CASES, ...SQLITE_CASES, ...SCHEMA_CASES];
