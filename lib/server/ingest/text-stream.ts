import "server-only";
import { isUtf8 } from "node:buffer";
import { createReadStream } from "node:fs";
import { open } from "node:fs/promises";
import type { Transform } from "node:stream";
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
 * Opens a text file as a stream of UTF-8 bytes, choosing the encoding from its BOM or content: a
 * UTF-8 file is read as it is (its BOM dropped), any other is decoded and re-encoded as UTF-8.
 * `onBytes` reports raw bytes read so the import can show progress against the file size.
 * `invalidUtf8` is filled while a UTF-8 file is read: where its bytes were not UTF-8 (they decode
 * as U+FFFD), so the import can say on which lines.
 */
export function openUtf8Stream(
  path: string,
  head: Uint8Array,
  fileSize: number,
  onBytes: (n: number) => void,
): { stream: AsyncIterable<Uint8Array>; encoding: TextEncoding; invalidUtf8: InvalidUtf8 } {
  const encoding = detectEncoding(head, head.length >= fileSize);
  const raw = createReadStream(path, { highWaterMark: 1 << 18 });
  raw.on("data", (chunk) => onBytes(chunk.length));
  const invalidUtf8: InvalidUtf8 = { offsets: [], count: 0 };
  if (encoding === "utf8" || encoding === "utf8-bom")
    return {
      stream: checkedUtf8(withoutBom(raw), invalidUtf8, encoding === "utf8-bom" ? 3 : 0),
      encoding,
      invalidUtf8,
    };
  const decoder = iconv.decodeStream(ICONV_NAMES[encoding], { stripBOM: true });
  raw.on("error", (err) => (decoder as unknown as Transform).destroy(err));
  return {
    stream: reencoded(raw.pipe(decoder) as unknown as AsyncIterable<string | Buffer>),
    encoding,
    invalidUtf8,
  };
}

/**
 * Passes a UTF-8 file's bytes on as they are and notes where they are not UTF-8. A chunk that is
 * valid (checked natively) costs nothing more; a character cut at a chunk's end is checked with
 * the next chunk.
 */
async function* checkedUtf8(chunks: AsyncIterable<Uint8Array>, invalid: InvalidUtf8, start: number) {
  let carry: Buffer | null = null;
  let offset = start; // file offset of the first byte of carry + chunk
  const note = (bytes: Uint8Array, at: number) => {
    const scan = scanUtf8(bytes, true);
    for (const o of scan.invalid) if (invalid.offsets.length < 1000) invalid.offsets.push(at + o);
    invalid.count += scan.invalidCount;
  };
  for await (const chunk of chunks) {
    yield chunk;
    const bytes: Buffer = carry
      ? Buffer.concat([carry, chunk])
      : Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
    const tail = incompleteTailLength(bytes);
    const body = tail ? bytes.subarray(0, bytes.length - tail) : bytes;
    if (!isUtf8(body)) note(body, offset);
    offset += body.length;
    carry = tail ? Buffer.from(bytes.subarray(body.length)) : null;
  }
  if (carry) note(carry, offset);
}

async function* withoutBom(raw: AsyncIterable<Buffer>): AsyncIterable<Uint8Array> {
  let first = true;
  for await (const chunk of raw) {
    const bom = first && chunk[0] === 0xef && chunk[1] === 0xbb && chunk[2] === 0xbf;
    first = false;
    yield bom ? chunk.subarray(3) : chunk;
  }
}

async function* reencoded(decoded: AsyncIterable<string | Buffer>): AsyncIterable<Uint8Array> {
  for await (const text of decoded) yield Buffer.from(text.toString(), "utf8");
}

/** The 1-based line of each byte offset (offsets ascending), counting the file's line feeds. */
async function linesAt(path: string, offsets: readonly number[]): Promise<number[]> {
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
