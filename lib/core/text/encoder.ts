/**
 * The text-encoder port. The local default is the hashed encoder in this folder; a server adapter
 * may implement it with a real embedding model. Vectors must be L2-normalised so that a dot
 * product is a cosine and vector indexes can use inner-product or cosine distance alike.
 */
export interface TextEncoder {
  /** Stable identifier of the model and its settings; persisted vectors are only valid for it. */
  id: string;
  dim: number;
  embed(texts: string[]): Promise<Float32Array[]>;
}

/** Cosine similarity of two vectors (0 when either is all zeros). */
export function cosine(a: ArrayLike<number>, b: ArrayLike<number>): number {
  let dot = 0;
  let na = 0;
  let nb = 0;
  for (let i = 0; i < a.length; i++) {
    dot += a[i] * b[i];
    na += a[i] * a[i];
    nb += b[i] * b[i];
  }
  return na === 0 || nb === 0 ? 0 : dot / Math.sqrt(na * nb);
}

/** Dot product; equals cosine for the L2-normalised vectors encoders return. */
export function dot(a: ArrayLike<number>, b: ArrayLike<number>): number {
  let s = 0;
  for (let i = 0; i < a.length; i++) s += a[i] * b[i];
  return s;
}
