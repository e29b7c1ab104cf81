import { fmix32, hashString } from "../text/hash";

/** Default number of MinHash permutations: ±0.09 standard error on a Jaccard estimate. */
export const MINHASH_PERMUTATIONS = 128;

/**
 * Streaming MinHash. The k permutations come from two base hashes (Kirsch–Mitzenmacher
 * double hashing, h1 + i·h2) re-mixed with fmix32, so one value costs two string hashes.
 */
export class MinHasher {
  readonly signature: Uint32Array;

  constructor(readonly permutations = MINHASH_PERMUTATIONS) {
    this.signature = new Uint32Array(permutations).fill(0xffffffff);
  }

  /** Adds one value (already normalised by the caller). */
  add(value: string): void {
    const h1 = hashString(value, 0x9747b28c);
    const h2 = hashString(value, 0x5bd1e995) | 1;
    const sig = this.signature;
    for (let i = 0; i < sig.length; i++) {
      const h = fmix32((h1 + Math.imul(i, h2)) >>> 0);
      if (h < sig[i]) sig[i] = h;
    }
  }
}

/** MinHash signature of a set of values; duplicates do not matter. */
export function minhashSignature(values: Iterable<string>, permutations = MINHASH_PERMUTATIONS): number[] {
  const m = new MinHasher(permutations);
  for (const v of values) m.add(v);
  return Array.from(m.signature);
}

/**
 * Estimated Jaccard similarity of the two sets behind two signatures: the share of
 * permutations whose minima agree. Empty sets (all slots at the sentinel) estimate 0.
 */
export function estimateJaccard(a: ArrayLike<number>, b: ArrayLike<number>): number {
  const n = Math.min(a.length, b.length);
  if (n === 0) return 0;
  let same = 0;
  let empty = true;
  for (let i = 0; i < n; i++) {
    if (a[i] !== 0xffffffff || b[i] !== 0xffffffff) empty = false;
    if (a[i] === b[i] && a[i] !== 0xffffffff) same++;
  }
  return empty ? 0 : same / n;
}
