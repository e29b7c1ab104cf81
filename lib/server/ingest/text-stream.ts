import "server-only";
import { isUtf8 } from "node:buffer";
import { createReadStream } from "node:fs";
import { open } from "node:fs/promises";
import { Transform, type Readable } from "node:stream";
import iconv from "iconv-lite";
import { detectEncoding, type TextEncoding } from "@/lib/core/ingest/sniff";
import { incompleteTailLength, scanUtf8 } from "@/lib/core/ingest/utf8";

const SAMPLE_BYTES = 1 << 20;

/** Reads the first bytes of a file (for sniffing). */
export async function readHead(path: string, bytes = SAMPLE_BYTES): Promise<Uint8Array> {
  const handle = await open(path, "r");
  try {
    const buffer = Buffer.alloc(bytes);
    const { bytesRead } = await handle.read(buffer, 0, bytes, 0);
    return buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

const ICONV_NAMES: Record<TextEncoding, string> = {
  utf8: "utf8",
  "utf8-bom": "utf8",
  utf16le: "utf16le",
  utf16be: "utf16be",
  utf32le: "utf-32le",
  utf32be: "utf-32be",
  "windows-1252": "win1252",
};

/** Decodes a sample of the file's first bytes (for delimiter sniffing) in its encoding. */
export function decodeSample(head: Uint8Array, encoding: TextEncoding): string {
  return iconv.decode(Buffer.from(head.buffer, head.byteOffset, head.byteLength), ICONV_NAMES[encoding], {
    stripBOM: true,
  });
}

/** Byte offsets of the sequences of a UTF-8 file that are not UTF-8 (the first 1,000), and how many there were. */
export type InvalidUtf8 = { offsets: number[]; count: number };

/**
 * Decodes UTF-8 chunk by chunk and remembers where bytes were not UTF-8: each such sequence reads
 * as U+FFFD and its offset is kept, so the import can say on which lines. A chunk that is valid
 * (checked natively) costs nothing more than decoding it.
 */
class Utf8Decoder extends Transform {
  readonly invalid: InvalidUtf8 = { offsets: [], count: 0 };
  private carry: Buffer | null = null;
  private offset = 0; // file offset of the next byte to decode

  constructor(private skip: number) {
    super({ decodeStrings: true, encoding: "utf8" });
  }

  override _transform(chunk: Buffer, _enc: BufferEncoding, done: (err?: Error | null, out?: string) => void): void {
    let bytes = this.carry ? Buffer.concat([this.carry, chunk]) : chunk;
    this.carry = null;
    if (this.skip > 0) {
      const cut = Math.min(this.skip, bytes.length);
      [bytes, this.skip, this.offset] = [bytes.subarray(cut), this.skip - cut, this.offset + cut];
    }
    // A character cut at the chunk's end waits for the next chunk.
    const tail = incompleteTailLength(bytes);
    const body = tail ? bytes.subarray(0, bytes.length - tail) : bytes;
    if (tail) this.carry = Buffer.from(bytes.subarray(body.length));
    if (!isUtf8(body)) {
      const scan = scanUtf8(body, true);
      this.note(scan.invalid, scan.invalidCount);
    }
    this.offset += body.length;
    done(null, body.toString("utf8"));
  }

  override _flush(done: (err?: Error | null, out?: string) => void): void {
    if (!this.carry) return done();
    const scan = scanUtf8(this.carry, true);
    this.note(scan.invalid, scan.invalidCount);
    done(null, this.carry.toString("utf8"));
  }

  private note(offsets: number[], count: number): void {
    for (const o of offsets) if (this.invalid.offsets.length < 1000) this.invalid.offsets.push(this.offset + o);
    this.invalid.count += count;
  }
}

/**
 * Opens a text file as a stream of decoded strings, choosing the encoding from its BOM or content.
 * `onBytes` reports raw bytes read so the import can show progress against the file size.
 * `invalidUtf8` is filled while a UTF-8 file is read: where its bytes were not UTF-8.
 */
export function openTextStream(
  path: string,
  head: Uint8Array,
  fileSize: number,
  onBytes: (n: number) => void,
): { stream: Readable; encoding: TextEncoding; invalidUtf8: InvalidUtf8 } {
  const encoding = detectEncoding(head, head.length >= fileSize);
  const raw = createReadStream(path, { highWaterMark: 1 << 18 });
  raw.on("data", (chunk) => onBytes(chunk.length));
  if (encoding === "utf8" || encoding === "utf8-bom") {
    const decoder = new Utf8Decoder(encoding === "utf8-bom" ? 3 : 0);
    raw.on("error", (err) => decoder.destroy(err));
    return { stream: raw.pipe(decoder), encoding, invalidUtf8: decoder.invalid };
  }
  const decoder = iconv.decodeStream(ICONV_NAMES[encoding], { stripBOM: true });
  raw.on("error", (err) => (decoder as unknown as Transform).destroy(err));
  const stream = raw.pipe(decoder).pipe(
    new Transform({
      readableObjectMode: false,
      decodeStrings: false,
      encoding: "utf8",
      transform: (c, _e, cb) => cb(null, c),
    }),
  );
  return { stream, encoding, invalidUtf8: { offsets: [], count: 0 } };
}

/** The 1-based line of each byte offset (offsets ascending), counting the file's line feeds. */
export async function linesAt(path: string, offsets: readonly number[]): Promise<number[]> {
  const lines: number[] = [];
  if (offsets.length === 0) return lines;
  let line = 1;
  let position = 0;
  let next = 0;
  const last = offsets[offsets.length - 1];
  for await (const chunk of createReadStream(path, { highWaterMark: 1 << 20, end: last })) {
    const bytes = chunk as Buffer;
    let from = 0;
    while (next < offsets.length && offsets[next] < position + bytes.length) {
      const upTo = offsets[next] - position;
      line += countLineFeeds(bytes, from, upTo);
      from = upTo;
      lines.push(line);
      next++;
    }
    line += countLineFeeds(bytes, from, bytes.length);
    position += bytes.length;
  }
  return lines;
}

function countLineFeeds(bytes: Buffer, from: number, to: number): number {
  let n = 0;
  for (let i = bytes.indexOf(10, from); i !== -1 && i < to; i = bytes.indexOf(10, i + 1)) n++;
  return n;
}

const LINES_LISTED = 5;

/** The note for a UTF-8 file with bytes that are not UTF-8: how many, on which lines, what they became. */
export async function invalidUtf8Note(fileName: string, path: string, invalid: InvalidUtf8): Promise<string> {
  const lines = [...new Set(await linesAt(path, invalid.offsets))];
  const listed = lines.slice(0, LINES_LISTED).map((l) => l.toLocaleString("en-US"));
  // Lines are known for the first 1,000 bad sequences; past them the note says "others".
  const rest =
    invalid.count > invalid.offsets.length
      ? " and others"
      : lines.length > listed.length
        ? ` and ${(lines.length - listed.length).toLocaleString("en-US")} more`
        : "";
  const where = `line${lines.length === 1 && !rest ? "" : "s"} ${listed.join(", ")}${rest}`;
  const n = invalid.count;
  return (
    `${fileName} is UTF-8, but ${n.toLocaleString("en-US")} byte ` +
    `sequence${n === 1 ? " in it is" : "s in it are"} not ` +
    `(${where}); read as UTF-8, ${n === 1 ? "it shows" : "they show"} as �. The rest of the file is as written.`
  );
}
