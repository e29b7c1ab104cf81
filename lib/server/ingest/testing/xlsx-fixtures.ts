import fs from "node:fs";
import { deflateRawSync } from "node:zlib";
import ExcelJS from "exceljs";

// Test-only helpers for building workbooks and hostile zip files.

/** Writes a workbook built by `build` to `file`. */
export async function writeWorkbook(file: string, build: (wb: ExcelJS.Workbook) => void): Promise<string> {
  const wb = new ExcelJS.Workbook();
  build(wb);
  await wb.xlsx.writeFile(file);
  return file;
}

export type ZipEntry = {
  name: string;
  data: Buffer;
  /** Uncompressed size written in the headers; a lie when it differs from data.length. */
  declaredSize?: number;
};

/** A minimal deflate zip, so tests can write entries exceljs would never produce. */
export function makeZip(entries: ZipEntry[]): Buffer {
  const parts: Buffer[] = [];
  const central: Buffer[] = [];
  let offset = 0;
  for (const entry of entries) {
    const name = Buffer.from(entry.name);
    const packed = deflateRawSync(entry.data, { level: 9 });
    const size = entry.declaredSize ?? entry.data.length;
    const crc = crc32(entry.data);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(8, 8); // deflate
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(packed.length, 18);
    local.writeUInt32LE(size, 22);
    local.writeUInt16LE(name.length, 26);
    const record = Buffer.alloc(46);
    record.writeUInt32LE(0x02014b50, 0);
    record.writeUInt16LE(20, 4);
    record.writeUInt16LE(20, 6);
    record.writeUInt16LE(8, 10);
    record.writeUInt32LE(crc, 16);
    record.writeUInt32LE(packed.length, 20);
    record.writeUInt32LE(size, 24);
    record.writeUInt16LE(name.length, 28);
    record.writeUInt32LE(offset, 42);
    parts.push(local, name, packed);
    central.push(record, name);
    offset += local.length + name.length + packed.length;
  }
  const directory = Buffer.concat(central);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...parts, directory, end]);
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(data: Buffer): number {
  let crc = 0xffffffff;
  for (const byte of data) crc = CRC_TABLE[(crc ^ byte) & 0xff] ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

/** Entries of a workbook-shaped zip whose one sheet is `sheetBytes` of whitespace. */
export function bombEntries(sheetBytes: number): ZipEntry[] {
  return [
    { name: "[Content_Types].xml", data: Buffer.from('<?xml version="1.0"?><Types/>') },
    { name: "xl/workbook.xml", data: Buffer.from('<?xml version="1.0"?><workbook/>') },
    { name: "xl/worksheets/sheet1.xml", data: Buffer.alloc(sheetBytes, 0x20) },
  ];
}

/** Entries of a real one-sheet workbook whose sheet XML is `sheetXml` (for zips that lie about a sheet). */
export function oneSheetEntries(sheetXml: string): ZipEntry[] {
  const rel = "http://schemas.openxmlformats.org/officeDocument/2006/relationships";
  const rels = (body: string) =>
    Buffer.from(
      '<?xml version="1.0"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">' +
        `${body}</Relationships>`,
    );
  return [
    { name: "[Content_Types].xml", data: Buffer.from('<?xml version="1.0"?><Types/>') },
    {
      name: "_rels/.rels",
      data: rels(`<Relationship Id="r1" Type="${rel}/officeDocument" Target="xl/workbook.xml"/>`),
    },
    {
      name: "xl/workbook.xml",
      data: Buffer.from(
        `<?xml version="1.0"?><workbook xmlns:r="${rel}"><sheets>` +
          '<sheet name="S" sheetId="1" r:id="r1"/></sheets></workbook>',
      ),
    },
    {
      name: "xl/_rels/workbook.xml.rels",
      data: rels(`<Relationship Id="r1" Type="${rel}/worksheet" Target="worksheets/sheet1.xml"/>`),
    },
    { name: "xl/worksheets/sheet1.xml", data: Buffer.from(sheetXml) },
  ];
}

export function writeFile(file: string, data: Buffer | string): string {
  fs.writeFileSync(file, data);
  return file;
}
