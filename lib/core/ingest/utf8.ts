/**
 * UTF-8 validation that says where: the offsets of byte sequences that are not UTF-8, how many
 * well-formed multi-byte characters there were (the evidence that a file is UTF-8 at all), and
 * how many bytes at the end start a character the bytes stop before (when more may follow).
 */
export type Utf8Scan = { invalid: number[]; invalidCount: number; multibyte: number; incompleteTail: number };

/** Bytes a character starting with `lead` has, or 0 when `lead` cannot start one. */
function sequenceLength(lead: number): number {
  if (lead < 0x80) return 1;
  if (lead >= 0xc2 && lead <= 0xdf) return 2;
  if (lead >= 0xe0 && lead <= 0xef) return 3;
  if (lead >= 0xf0 && lead <= 0xf4) return 4;
  return 0;
}

/** Whether `b` may follow `lead` as the second byte (excludes overlongs, surrogates, > U+10FFFF). */
function secondByteFits(lead: number, b: number): boolean {
  if (lead === 0xe0) return b >= 0xa0 && b <= 0xbf;
  if (lead === 0xed) return b >= 0x80 && b <= 0x9f;
  if (lead === 0xf0) return b >= 0x90 && b <= 0xbf;
  if (lead === 0xf4) return b >= 0x80 && b <= 0x8f;
  return b >= 0x80 && b <= 0xbf;
}

/**
 * Scans `bytes[start..]` as UTF-8. With `final` false, a character cut by the end of the bytes is
 * not an error: its length is `incompleteTail` (the caller keeps those bytes for the next chunk).
 * At most `maxInvalid` offsets are listed (the scan still ends at the end).
 */
export function scanUtf8(bytes: Uint8Array, final = true, start = 0, maxInvalid = 1000): Utf8Scan {
  const invalid: number[] = [];
  let invalidCount = 0;
  let multibyte = 0;
  let i = start;
  const n = bytes.length;
  while (i < n) {
    const lead = bytes[i];
    if (lead < 0x80) {
      i++;
      continue;
    }
    const len = sequenceLength(lead);
    // k = bytes that fit the sequence so far (its lead and the continuation bytes after it).
    let k = 1;
    let ok = len > 0;
    while (ok && k < len && i + k < n) {
      const b = bytes[i + k];
      ok = k === 1 ? secondByteFits(lead, b) : b >= 0x80 && b <= 0xbf;
      if (ok) k++;
    }
    if (ok && k === len) {
      multibyte++;
      i += len;
      continue;
    }
    if (ok && !final) return { invalid, invalidCount, multibyte, incompleteTail: n - i };
    if (invalidCount++ < maxInvalid) invalid.push(i);
    // The bytes that began a sequence and fit it are one bad sequence (one replacement character).
    i += k;
  }
  return { invalid, invalidCount, multibyte, incompleteTail: 0 };
}

/**
 * Bytes at the end of a chunk that start a character the chunk stops before (0–3): a cheap check
 * of the last bytes only, so a chunk cut inside a character still validates as a whole.
 */
export function incompleteTailLength(bytes: Uint8Array): number {
  const n = bytes.length;
  for (let j = 1; j <= 3 && j <= n; j++) {
    const b = bytes[n - j];
    if (b < 0x80) return 0;
    if (b >= 0xc0) return sequenceLength(b) > j ? j : 0;
  }
  return 0;
}
