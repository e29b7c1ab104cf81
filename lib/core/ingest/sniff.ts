import { scanUtf8 } from "./utf8";

/** What a file's first bytes say it is, regardless of its name. */
export type ContentKind = "sqlite" | "zip" | "ole" | "text" | "utf16-text" | "utf32-text" | "binary" | "empty";

const SQLITE_MAGIC = "SQLite format 3\u0000";

/** Sniffs the content kind from the first bytes (at least 16, ideally a few KB). */
export function sniffContent(head: Uint8Array): ContentKind {
  if (head.length === 0) return "empty";
  if (head.length >= 16 && String.fromCharCode(...head.subarray(0, 16)) === SQLITE_MAGIC) return "sqlite";
  if (
    head[0] === 0x50 &&
    head[1] === 0x4b &&
    (head[2] === 0x03 || head[2] === 0x05) &&
    (head[3] === 0x04 || head[3] === 0x06)
  )
    return "zip";
  if (head[0] === 0xd0 && head[1] === 0xcf && head[2] === 0x11 && head[3] === 0xe0) return "ole";
  // UTF-32 first: its little-endian mark FF FE 00 00 starts with UTF-16's FF FE.
  if (utf32Bom(head)) return "utf32-text";
  if ((head[0] === 0xff && head[1] === 0xfe) || (head[0] === 0xfe && head[1] === 0xff)) return "utf16-text";
  let control = 0;
  for (const b of head) {
    if (b === 0) return "binary";
    if (b < 0x09 || (b > 0x0d && b < 0x20 && b !== 0x1b)) control++;
  }
  // A stray control character in a tiny file is still text; only a real share of them is binary.
  return control > Math.max(4, head.length * 0.01) ? "binary" : "text";
}

/** "utf32le" / "utf32be" when the bytes start with a UTF-32 byte-order mark. */
function utf32Bom(head: Uint8Array): "utf32le" | "utf32be" | null {
  if (head.length < 4) return null;
  if (head[0] === 0xff && head[1] === 0xfe && head[2] === 0 && head[3] === 0) return "utf32le";
  if (head[0] === 0 && head[1] === 0 && head[2] === 0xfe && head[3] === 0xff) return "utf32be";
  return null;
}

/** Text encodings the CSV reader decodes. */
export type TextEncoding = "utf8" | "utf8-bom" | "utf16le" | "utf16be" | "utf32le" | "utf32be" | "windows-1252";

/**
 * Picks the encoding from the BOM, else UTF-8 when the sample is UTF-8 — also when a few byte
 * sequences in it are not, as long as well-formed multi-byte characters outnumber them (the file
 * is UTF-8 with some bad bytes, read as such and the bad ones noted) — else Windows-1252.
 * `wholeFile` says the sample is the entire file, so a cut multi-byte character at its end is an error.
 */
export function detectEncoding(head: Uint8Array, wholeFile = false): TextEncoding {
  if (head[0] === 0xef && head[1] === 0xbb && head[2] === 0xbf) return "utf8-bom";
  const utf32 = utf32Bom(head);
  if (utf32) return utf32;
  if (head[0] === 0xff && head[1] === 0xfe) return "utf16le";
  if (head[0] === 0xfe && head[1] === 0xff) return "utf16be";
  const scan = scanUtf8(head, wholeFile);
  if (scan.invalid.length === 0 || scan.multibyte >= scan.invalid.length) return "utf8";
  return "windows-1252";
}

const CANDIDATES = [",", ";", "\t", "|"] as const;
export type Delimiter = (typeof CANDIDATES)[number];

/** Counts a delimiter per record in a text sample, ignoring delimiters inside quotes. */
function countsPerRecord(sample: string, delimiter: string, maxRecords: number): number[] {
  const counts: number[] = [];
  let inQuotes = false;
  let count = 0;
  for (let i = 0; i < sample.length && counts.length < maxRecords; i++) {
    const ch = sample[i];
    if (ch === '"') {
      if (inQuotes && sample[i + 1] === '"')
        i++; // escaped quote inside a quoted field
      else inQuotes = !inQuotes;
      continue;
    }
    if (inQuotes) continue;
    if (ch === delimiter) count++;
    else if (ch === "\n") {
      counts.push(count);
      count = 0;
    }
  }
  return counts;
}

/**
 * Guesses the delimiter: the candidate that appears on every sampled record the same number of
 * times wins; ties go to the more frequent one. Files without any candidate are one-column (",").
 */
export function sniffDelimiter(sample: string, fileName = ""): Delimiter {
  const records = 50;
  let best: { d: Delimiter; score: number } = { d: fileName.toLowerCase().endsWith(".tsv") ? "\t" : ",", score: 0 };
  for (const d of CANDIDATES) {
    const counts = countsPerRecord(sample.replace(/\r\n?/g, "\n"), d, records);
    if (counts.length === 0 || counts[0] === 0) continue;
    const modeCount = counts.filter((c) => c === counts[0]).length;
    const consistency = modeCount / counts.length;
    const score = consistency * 1000 + Math.min(counts[0], 999);
    if (score > best.score) best = { d, score };
  }
  return best.d;
}
