import fs from "node:fs";
import { bombEntries, makeZip } from "../testing/xlsx-fixtures";
import { merges, sheetXml, text, xlsxPackage } from "./build";
import { type CorpusCase, write, csv, ok, fails } from "./case-helpers";

// XLSX packages: encrypted, bombed, truncated or misnamed zips, empty sheets, edge-of-grid rows and bad merges.
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
