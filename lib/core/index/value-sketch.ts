import type { ValueSketch } from "../model/index-types";
import { HyperLogLog } from "./hyperloglog";
import { MINHASH_PERMUTATIONS, MinHasher, estimateJaccard } from "./minhash";

/** Columns with at most this many distinct values keep their exact value set. */
export const DEFAULT_EXACT_LIMIT = 5000;

/**
 * Canonical form of a cell for comparing value sets across tables: 42, 42.0 and "42" meet;
 * text is trimmed and lowercased because codes are often re-cased between systems.
 */
export function normalizeJoinValue(v: unknown): string | null {
  if (v === null || v === undefined) return null;
  if (typeof v === "number") return Number.isFinite(v) ? String(v) : null;
  if (typeof v === "bigint" || typeof v === "boolean") return String(v);
  const s = String(v).trim().toLowerCase();
  return s === "" ? null : s;
}

/** Streams a column's values into a ValueSketch: exact set while small, MinHash always. */
export class ValueSketcher {
  private exact: Set<string> | null = new Set();
  private readonly minhash: MinHasher;
  private readonly hll = new HyperLogLog(12);

  constructor(
    private readonly exactLimit = DEFAULT_EXACT_LIMIT,
    permutations = MINHASH_PERMUTATIONS,
  ) {
    this.minhash = new MinHasher(permutations);
  }

  /** Adds one raw cell value; nulls and empty strings are skipped. */
  add(value: unknown): void {
    const v = normalizeJoinValue(value);
    if (v === null) return;
    if (this.exact) {
      if (this.exact.has(v)) return; // MinHash and HLL ignore repeats anyway; skip the hashing
      this.exact.add(v);
      if (this.exact.size > this.exactLimit) this.exact = null;
    }
    this.minhash.add(v);
    this.hll.add(v);
  }

  /** The finished sketch; exact values are sorted so two sketches intersect by merging. */
  finish(): ValueSketch {
    const exact = this.exact ? [...this.exact].sort() : null;
    return {
      distinct: exact ? exact.length : this.hll.estimate(),
      exact,
      signature: Array.from(this.minhash.signature),
    };
  }
}

/** Creates a streaming sketcher; see ValueSketcher. */
export function createValueSketcher(options: { exactLimit?: number; permutations?: number } = {}): ValueSketcher {
  return new ValueSketcher(options.exactLimit, options.permutations);
}

/** Sketches a whole column at once. */
export function valueSketch(
  values: Iterable<unknown>,
  options: { exactLimit?: number; permutations?: number } = {},
): ValueSketch {
  const s = createValueSketcher(options);
  for (const v of values) s.add(v);
  return s.finish();
}

function intersectionSize(a: readonly string[], b: readonly string[]): number {
  let i = 0;
  let j = 0;
  let both = 0;
  while (i < a.length && j < b.length) {
    if (a[i] === b[j]) {
      both++;
      i++;
      j++;
    } else if (a[i] < b[j]) i++;
    else j++;
  }
  return both;
}

/** How two columns' value sets overlap. */
export type ValueOverlap = {
  jaccard: number;
  /** Share of a's distinct values found in b (and the reverse). */
  containmentAInB: number;
  containmentBInA: number;
  estimated: boolean;
};

/**
 * Jaccard similarity and containment of two columns' value sets: exact when both sets are kept,
 * else from MinHash, with |A∩B| = J(|A|+|B|)/(1+J) turning the Jaccard estimate into containment.
 */
export function sketchOverlap(a: ValueSketch, b: ValueSketch): ValueOverlap {
  let both: number;
  let jaccard: number;
  let estimated = false;
  if (a.exact && b.exact) {
    both = intersectionSize(a.exact, b.exact);
    const union = a.exact.length + b.exact.length - both;
    jaccard = union === 0 ? 0 : both / union;
  } else {
    jaccard = estimateJaccard(a.signature, b.signature);
    both = (jaccard * (a.distinct + b.distinct)) / (1 + jaccard);
    estimated = true;
  }
  return {
    jaccard,
    containmentAInB: a.distinct ? Math.min(1, both / a.distinct) : 0,
    containmentBInA: b.distinct ? Math.min(1, both / b.distinct) : 0,
    estimated,
  };
}

/** Jaccard similarity of two columns' value sets: exact when both sets are kept, else MinHash. */
export function sketchJaccard(a: ValueSketch, b: ValueSketch): { jaccard: number; estimated: boolean } {
  const { jaccard, estimated } = sketchOverlap(a, b);
  return { jaccard, estimated };
}
