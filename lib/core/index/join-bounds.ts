import { estimateJaccard } from "./minhash";
import type { JoinColumn } from "./join-discovery";

/**
 * Text codes referenced under another name ("origin" holding the airports' "iata" codes): when
 * nearly every value of a text column with enough distinct values sits in a unique text column,
 * the names need not agree — text codes do not overlap by chance the way integer ids 1..N do.
 */
export const CODE_INCLUSION = { minContainment: 0.98, minDistinct: 10 };

export function textCodes(a: JoinColumn, b: JoinColumn): boolean {
  return (
    a.type === "text" &&
    b.type === "text" &&
    Math.min(a.sketch.distinct, b.sketch.distinct) >= CODE_INCLUSION.minDistinct &&
    Math.max(a.uniqueness, b.uniqueness) >= 0.98
  );
}

/**
 * Cheap bounds that spare the exact value-set merge for hopeless pairs (most of them): ω cannot
 * exceed (s + 1)·u, and when the sets are of comparable size a MinHash estimate of 0 means a
 * Jaccard near 0 and no containment worth the inclusion rule.
 */
export function cannotPass(
  a: JoinColumn,
  b: JoinColumn,
  s: number,
  threshold: number,
  inclusionMinS: number,
  inclusionKeyU: number,
): boolean {
  const u = Math.max(a.uniqueness, b.uniqueness);
  const inclusionPossible = s >= inclusionMinS && u >= inclusionKeyU;
  if ((s + 1) * u < threshold && !inclusionPossible) return true;
  const small = Math.min(a.sketch.distinct, b.sketch.distinct);
  const large = Math.max(a.sketch.distinct, b.sketch.distinct);
  return s * u < threshold && small >= 0.1 * large && estimateJaccard(a.sketch.signature, b.sketch.signature) === 0;
}
