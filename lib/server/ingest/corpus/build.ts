import fs from "node:fs";
import iconv from "iconv-lite";
import { openForWrite } from "@/lib/server/sqlite/open";
import { makeZip, type ZipEntry } from "../testing/xlsx-fixtures";

// Builders of hostile and unusual files for the malformed-input corpus (cases.ts). Each writes
// one file; none needs anything but Node and the packages the app already uses.

export const text = (s: string) => Buffer.from(s, "utf8");

/** A CSV text in another encoding, with or without its byte-order mark. */
export function encoded(s: string, encoding: "utf16le" | "utf16be" | "win1252", bom: boolean): Buffer {
  if (encoding === "win1252") return iconv.encode(s, "win1252");
  const body = iconv.encode(s, encoding === "utf16le" ? "utf16-le" : "utf16-be");
  const mark = encoding === "utf16le" ? [0xff, 0xfe] : [0xfe, 0xff];
  return bom ? Buffer.concat([Buffer.from(mark), body]) : body;
}

/** A SQLite database made by running `sql` on a new file. */
export function sqliteFile(file: string, sql: string): void {
  fs.rmSync(file, { force: true });
  const db = openForWrite(file);
  db.exec(sql);
  db.exec("PRAGMA journal_mode = DELETE");
  db.close();
}

/** The bytes of a SQLite database made by `sql` (built in a scratch file next to `scratch`). */
export function sqliteBytes(scratch: string, sql: string): Buffer {
  sqliteFile(scratch, sql);
  const bytes = fs.readFileSync(scratch);
  fs.rmSync(scratch, { force: true });
  return bytes;
}

const escapeXml = (s: string) =>
  s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

/** A cell reference like B3 from 0-based column and 1-based row. */
export function ref(col: number, row: number): string {
  let name = "";
  for (let c = col + 1; c > 0; c = Math.floor((c - 1) / 26)) name = String.fromCharCode(65 + ((c - 1) % 26)) + name;
  return `${name}${row}`;
}

/** Sheet XML of rows of inline strings / numbers; `extra` is appended after sheetData (merges, links). */
export function sheetXml(rows: Array<Array<string | number | null>>, extra = "", rowNumbers?: number[]): string {
  const body = rows
    .map((cells, i) => {
      const r = rowNumbers?.[i] ?? i + 1;
      const cs = cells
        .map((v, c) =>
          v === null
            ? ""
            : typeof v === "number"
              ? `<c r="${ref(c, r)}"><v>${v}</v></c>`
              : `<c r="${ref(c, r)}" t="inlineStr"><is><t>${escapeXml(v)}</t></is></c>`,
        )
        .join("");
      return `<row r="${r}">${cs}</row>`;
    })
    .join("");
  return (
    `<?xml version="1.0" encoding="UTF-8"?><worksheet ` +
    `xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" ` +
    `xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheetData>${body}</sheetData>` +
    `${extra}</worksheet>`
  );
}

/** A minimal but valid XLSX package with the given sheets (name → sheet XML) and extra parts. */
export function xlsxPackage(
  sheets: Array<{ name: string; xml: string }>,
  extras: ZipEntry[] = [],
  workbookExtra = "",
): Buffer {
  const sheetEntries = sheets
    .map((s, i) => `<sheet name="${escapeXml(s.name)}" sheetId="${i + 1}" r:id="rId${i + 1}"/>`)
    .join("");
  const rels = sheets
    .map(
      (_, i) =>
        `<Relationship Id="rId${i + 1}" ` +
        `Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" ` +
        `Target="worksheets/sheet${i + 1}.xml"/>`,
    )
    .join("");
  const overrides = sheets
    .map(
      (_, i) =>
        `<Override PartName="/xl/worksheets/sheet${i + 1}.xml" ` +
        `ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>`,
    )
    .join("");
  return makeZip([
    {
      name: "[Content_Types].xml",
      data: text(
        `<?xml version="1.0" encoding="UTF-8"?><Types ` +
          `xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ` +
          `ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ` +
          `ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ` +
          `ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>${overrides}` +
          `</Types>`,
      ),
    },
    {
      name: "_rels/.rels",
      data: text(
        `<?xml version="1.0" encoding="UTF-8"?><Relationships ` +
          `xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" ` +
          `Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" ` +
          `Target="xl/workbook.xml"/></Relationships>`,
      ),
    },
    {
      name: "xl/workbook.xml",
      data: text(
        `<?xml version="1.0" encoding="UTF-8"?><workbook ` +
          `xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" ` +
          `xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets>${sheetEntries}` +
          `</sheets>${workbookExtra}</workbook>`,
      ),
    },
    {
      name: "xl/_rels/workbook.xml.rels",
      data: text(
        `<?xml version="1.0" encoding="UTF-8"?><Relationships ` +
          `xmlns="http://schemas.openxmlformats.org/package/2006/relationships">${rels}</Relationships>`,
      ),
    },
    ...sheets.map((s, i) => ({ name: `xl/worksheets/sheet${i + 1}.xml`, data: text(s.xml) })),
    ...extras,
  ]);
}

/** Merge ranges as sheet XML. */
export const merges = (refs: string[]) =>
  `<mergeCells count="${refs.length}">${refs.map((r) => `<mergeCell ref="${r}"/>`).join("")}</mergeCells>`;

/** A file of `size` bytes that occupies almost no disk: `head` then a hole. */
export function sparseFile(file: string, head: Buffer, size: number): void {
  fs.writeFileSync(file, head);
  fs.truncateSync(file, size);
}
