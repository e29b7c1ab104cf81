import "server-only";
import { createReadStream } from "node:fs";
import { open } from "node:fs/promises";
import type { Transform } from "node:stream";
import iconv from "iconv-lite";
import { detectEncoding, type TextEncoding } from "@/lib/core/ingest/sniff";

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

/**
 * Opens a text file as a stream of UTF-8 bytes, choosing the encoding from its BOM or content: a
 * UTF-8 file is read as it is (its BOM dropped), any other is decoded and re-encoded as UTF-8.
 * `onBytes` reports raw bytes read so the import can show progress against the file size.
 */
export function openUtf8Stream(
  path: string,
  head: Uint8Array,
  fileSize: number,
  onBytes: (n: number) => void,
): { stream: AsyncIterable<Uint8Array>; encoding: TextEncoding } {
  const encoding = detectEncoding(head, head.length >= fileSize);
  const raw = createReadStream(path, { highWaterMark: 1 << 18 });
  raw.on("data", (chunk) => onBytes(chunk.length));
  if (encoding === "utf8" || encoding === "utf8-bom") return { stream: withoutBom(raw), encoding };
  const decoder = iconv.decodeStream(ICONV_NAMES[encoding], { stripBOM: true });
  raw.on("error", (err) => (decoder as unknown as Transform).destroy(err));
  return { stream: reencoded(raw.pipe(decoder) as unknown as AsyncIterable<string | Buffer>), encoding };
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
