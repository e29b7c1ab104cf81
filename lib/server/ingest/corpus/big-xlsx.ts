import { createWriteStream, type WriteStream } from "node:fs";
import { once } from "node:events";
import { constants, crc32, createDeflateRaw } from "node:zlib";
import { ref } from "./build";

// A streaming writer for very large workbooks of the hostile corpus (240,000 rows × 50 numbers is
// 376 MB of sheet XML): each part is deflated as it is generated, so neither the XML nor the zip
// is ever in memory. Parts are written with data descriptors (sizes after the data), as streaming
// zip writers do.

type Written = { name: Buffer; crc: number; packed: number; size: number; offset: number };

class ZipStream {
  private offset = 0;
  private readonly entries: Written[] = [];
  constructor(private readonly out: WriteStream) {}

  private async write(bytes: Buffer): Promise<void> {
    this.offset += bytes.length;
    if (!this.out.write(bytes)) await once(this.out, "drain");
  }

  /** Writes one deflated entry whose content comes from `chunks`. */
  async entry(fileName: string, chunks: Iterable<string>): Promise<void> {
    const name = Buffer.from(fileName);
    const start = this.offset;
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(0x0008, 6); // sizes and CRC follow the data
    local.writeUInt16LE(8, 8); // deflate
    local.writeUInt16LE(name.length, 26);
    await this.write(Buffer.concat([local, name]));
    const deflate = createDeflateRaw({ level: constants.Z_BEST_SPEED });
    let crc = 0;
    let size = 0;
    let packed = 0;
    const pieces: Buffer[] = [];
    deflate.on("data", (piece: Buffer) => pieces.push(piece));
    const flushPieces = async () => {
      for (const piece of pieces.splice(0)) {
        packed += piece.length;
        await this.write(piece);
      }
    };
    for (const chunk of chunks) {
      const bytes = Buffer.from(chunk);
      crc = crc32(bytes, crc);
      size += bytes.length;
      if (!deflate.write(bytes)) await once(deflate, "drain");
      await flushPieces();
    }
    deflate.end();
    await once(deflate, "end");
    await flushPieces();
    const descriptor = Buffer.alloc(16);
    descriptor.writeUInt32LE(0x08074b50, 0);
    descriptor.writeUInt32LE(crc, 4);
    descriptor.writeUInt32LE(packed, 8);
    descriptor.writeUInt32LE(size, 12);
    await this.write(descriptor);
    this.entries.push({ name, crc, packed, size, offset: start });
  }

  async close(): Promise<void> {
    const directoryStart = this.offset;
    for (const e of this.entries) {
      const record = Buffer.alloc(46);
      record.writeUInt32LE(0x02014b50, 0);
      record.writeUInt16LE(20, 4);
      record.writeUInt16LE(20, 6);
      record.writeUInt16LE(0x0008, 8);
      record.writeUInt16LE(8, 10);
      record.writeUInt32LE(e.crc, 16);
      record.writeUInt32LE(e.packed, 20);
      record.writeUInt32LE(e.size, 24);
      record.writeUInt16LE(e.name.length, 28);
      record.writeUInt32LE(e.offset, 42);
      await this.write(Buffer.concat([record, e.name]));
    }
    const end = Buffer.alloc(22);
    end.writeUInt32LE(0x06054b50, 0);
    end.writeUInt16LE(this.entries.length, 8);
    end.writeUInt16LE(this.entries.length, 10);
    end.writeUInt32LE(this.offset - directoryStart, 12);
    end.writeUInt32LE(directoryStart, 16);
    await this.write(end);
    this.out.end();
    await once(this.out, "finish");
  }
}

const NS = 'xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"';
const XML = '<?xml version="1.0" encoding="UTF-8"?>';
const RELATIONSHIPS = '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">';
const REL = "http://schemas.openxmlformats.org/officeDocument/2006/relationships";

/** Sheet XML of a header row (c1…cN) over `rows` rows of `columns` numbers, in pieces of ~1,000 rows. */
function* numbersSheet(rows: number, columns: number): Generator<string> {
  yield `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><worksheet ${NS}><sheetData>`;
  const header = Array.from(
    { length: columns },
    (_, c) => `<c r="${ref(c, 1)}" t="inlineStr"><is><t>c${c + 1}</t></is></c>`,
  );
  let piece = `<row r="1">${header.join("")}</row>`;
  const letters = Array.from({ length: columns }, (_, c) => ref(c, 1).replace(/\d+$/, ""));
  for (let r = 2; r <= rows + 1; r++) {
    let row = `<row r="${r}">`;
    for (let c = 0; c < columns; c++)
      row += `<c r="${letters[c]}${r}"><v>${((r * 7919 + c * 104729) % 1_000_000) / 100}</v></c>`;
    piece += `${row}</row>`;
    if (r % 1000 === 0) {
      yield piece;
      piece = "";
    }
  }
  yield `${piece}</sheetData></worksheet>`;
}

/** A workbook of one sheet of numbers, `rows` × `columns` under a header row, streamed to `file`. */
export async function writeNumbersWorkbook(file: string, rows: number, columns: number): Promise<void> {
  const zip = new ZipStream(createWriteStream(file));
  await zip.entry("[Content_Types].xml", [
    `${XML}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">` +
      `<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>` +
      `<Default Extension="xml" ContentType="application/xml"/></Types>`,
  ]);
  await zip.entry("_rels/.rels", [
    `${XML}${RELATIONSHIPS}` +
      `<Relationship Id="rId1" Type="${REL}/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
  ]);
  await zip.entry("xl/workbook.xml", [
    `<?xml version="1.0" encoding="UTF-8"?><workbook ${NS} xmlns:r="${REL}"><sheets>` +
      `<sheet name="Numbers" sheetId="1" r:id="rId1"/></sheets></workbook>`,
  ]);
  await zip.entry("xl/_rels/workbook.xml.rels", [
    `${XML}${RELATIONSHIPS}` +
      `<Relationship Id="rId1" Type="${REL}/worksheet" Target="worksheets/sheet1.xml"/></Relationships>`,
  ]);
  await zip.entry("xl/worksheets/sheet1.xml", numbersSheet(rows, columns));
  await zip.close();
}
