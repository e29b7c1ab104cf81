import "server-only";
import { createReadStream } from "node:fs";
import { open } from "node:fs/promises";
import { Transform, type Readable } from "node:stream";
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
 * Opens a text file as a stream of decoded strings, choosing the encoding from its BOM or content.
 * `onBytes` reports raw bytes read so the import can show progress against the file size.
 */
export function openTextStream(
  path: string,
  head: Uint8Array,
  fileSize: number,
  onBytes: (n: number) => void,
): { stream: Readable; encoding: TextEncoding } {
  const encoding = detectEncoding(head, head.length >= fileSize);
  const raw = createReadStream(path, { highWaterMark: 1 << 18 });
  raw.on("data", (chunk) => onBytes(chunk.length));
  if (encoding === "utf8") {
    raw.setEncoding("utf8");
    return { stream: raw, encoding };
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
  return { stream, encoding };
}
