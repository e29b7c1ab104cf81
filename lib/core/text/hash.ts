/**
 * 32-bit string hashing shared by the encoder, HyperLogLog and MinHash.
 * MurmurHash3 (x86, 32-bit) over UTF-16 code units: fast in JS (Math.imul, no byte encoding)
 * and well mixed enough that the low bits can index buckets directly.
 */

/** Final avalanche of MurmurHash3; also used to derive independent hash families from one hash. */
export function fmix32(h: number): number {
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

/** MurmurHash3-32 of a string's UTF-16 code units; returns an unsigned 32-bit integer. */
export function hashString(s: string, seed = 0): number {
  return hashRange(s, 0, s.length, seed);
}

/**
 * hashString of s.slice(start, end) without allocating the slice; the encoder hashes every
 * character n-gram this way.
 */
export function hashRange(s: string, start: number, end: number, seed = 0): number {
  let h = seed >>> 0;
  const n = end - start;
  let i = start;
  // Two code units per 32-bit block keeps the loop short for the short strings we hash most.
  for (; i + 1 < end; i += 2) {
    let k = (s.charCodeAt(i) & 0xffff) | ((s.charCodeAt(i + 1) & 0xffff) << 16);
    k = Math.imul(k, 0xcc9e2d51);
    k = (k << 15) | (k >>> 17);
    k = Math.imul(k, 0x1b873593);
    h ^= k;
    h = (h << 13) | (h >>> 19);
    h = (Math.imul(h, 5) + 0xe6546b64) | 0;
  }
  if (i < end) {
    let k = s.charCodeAt(i) & 0xffff;
    k = Math.imul(k, 0xcc9e2d51);
    k = (k << 15) | (k >>> 17);
    k = Math.imul(k, 0x1b873593);
    h ^= k;
  }
  h ^= n * 2;
  return fmix32(h);
}
