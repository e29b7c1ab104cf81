/**
 * The vector-index port. The server adapter implements it with usearch (HNSW, `cos` metric);
 * BruteForceVectorIndex is the exact in-memory version for tests and small columns.
 */

export type VectorKey = number | bigint;
type MaybePromise<T> = T | Promise<T>;

export type VectorMatches = {
  keys: ArrayLike<VectorKey>;
  /** Cosine distances (1 − cosine), nearest first, as usearch's `cos` metric reports them. */
  distances: ArrayLike<number>;
};

export interface VectorIndex {
  readonly dim: number;
  add(keys: readonly VectorKey[], vectors: readonly Float32Array[]): MaybePromise<void>;
  search(vector: Float32Array, k: number): MaybePromise<VectorMatches>;
  size(): number;
}

/** Creates an empty index for vectors of a given dimension (one per indexed column). */
export type VectorIndexFactory = (dim: number) => VectorIndex;

/** Exact cosine search by scanning every vector; O(n·dim) per query. */
export class BruteForceVectorIndex implements VectorIndex {
  private data: Float32Array;
  private norms: number[] = [];
  private keys: VectorKey[] = [];
  private readonly slot = new Map<string, number>();

  constructor(readonly dim: number) {
    this.data = new Float32Array(dim * 16);
  }

  /** Adds vectors; adding a key again replaces its vector. */
  add(keys: readonly VectorKey[], vectors: readonly Float32Array[]): void {
    if (keys.length !== vectors.length) throw new Error(`add: ${keys.length} keys for ${vectors.length} vectors`);
    keys.forEach((key, i) => {
      const v = vectors[i];
      if (v.length !== this.dim) throw new Error(`add: vector of ${v.length} dimensions, index has ${this.dim}`);
      let row = this.slot.get(String(key));
      if (row === undefined) {
        row = this.keys.length;
        this.keys.push(key);
        this.slot.set(String(key), row);
        if ((row + 1) * this.dim > this.data.length) {
          const grown = new Float32Array(this.data.length * 2);
          grown.set(this.data);
          this.data = grown;
        }
      }
      this.data.set(v, row * this.dim);
      let n = 0;
      for (let j = 0; j < v.length; j++) n += v[j] * v[j];
      this.norms[row] = Math.sqrt(n);
    });
  }

  /** The k nearest vectors by cosine; ties keep insertion order. */
  search(vector: Float32Array, k: number): VectorMatches {
    const n = this.keys.length;
    const take = Math.min(k, n);
    let qn = 0;
    for (let j = 0; j < vector.length; j++) qn += vector[j] * vector[j];
    qn = Math.sqrt(qn);
    const scores = new Float64Array(n);
    const d = this.dim;
    for (let r = 0; r < n; r++) {
      let dot = 0;
      const off = r * d;
      for (let j = 0; j < d; j++) dot += this.data[off + j] * vector[j];
      const denom = this.norms[r] * qn;
      scores[r] = denom === 0 ? 0 : dot / denom;
    }
    const top = take <= 256 ? bestRows(scores, take) : fullOrder(scores).slice(0, take);
    return { keys: top.map((r) => this.keys[r]), distances: top.map((r) => 1 - scores[r]) };
  }

  size(): number {
    return this.keys.length;
  }
}

/** The k best rows by score, keeping a small sorted buffer: O(n·k) worst case, O(n) typical. */
function bestRows(scores: Float64Array, k: number): number[] {
  const rows: number[] = [];
  for (let r = 0; r < scores.length; r++) {
    const s = scores[r];
    if (rows.length === k && s <= scores[rows[k - 1]]) continue;
    let i = rows.length;
    while (i > 0 && scores[rows[i - 1]] < s) i--;
    rows.splice(i, 0, r);
    if (rows.length > k) rows.pop();
  }
  return rows;
}

function fullOrder(scores: Float64Array): number[] {
  const order = Array.from({ length: scores.length }, (_, i) => i);
  return order.sort((a, b) => scores[b] - scores[a] || a - b);
}

/** Factory for BruteForceVectorIndex, to pass where a VectorIndexFactory is expected. */
export const bruteForceIndexFactory: VectorIndexFactory = (dim) => new BruteForceVectorIndex(dim);
