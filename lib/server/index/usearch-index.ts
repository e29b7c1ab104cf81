import "server-only";
import { Index, MetricKind, type ScalarKind, type IndexConfig } from "usearch";
import type { VectorIndex, VectorIndexFactory, VectorKey, VectorMatches } from "@/lib/core/index";

export type UsearchOptions = {
  /**
   * Stored scalar type. i8 by default: on 100k hashed-n-gram vectors ("Customer 123") it built in
   * half the CPU time of f32 (29 vs 124 CPU-s with the settings below at M = 16, ef = 64 for f32)
   * and a quarter of the memory; the right value still came first for 100/100 exact and typo
   * queries. Exact and prefix matches come from the catalog, not from the vectors.
   */
  quantization?: "f32" | "f16" | "i8";
  /** HNSW M; usearch's default is 16. */
  connectivity?: number;
  /**
   * efConstruction. 40 instead of usearch's 128: on the benchmark column (100k values) it built in
   * ~29 CPU-s vs ~63 at 64, with the same top-1 on exact and typo queries (recall@10 against exact
   * cosine 0.81 vs 0.84 — the neighbours there are near-ties of "Customer N").
   */
  expansionAdd?: number;
  /** efSearch; searches are cheap, so this is generous. */
  expansionSearch?: number;
};

const DEFAULTS: Required<UsearchOptions> = {
  quantization: "i8",
  connectivity: 16,
  expansionAdd: 40,
  expansionSearch: 160,
};

/** usearch's index configuration for our options (also sent to the build worker, so plain data). */
export function hnswConfig(dim: number, options: UsearchOptions = {}): IndexConfig {
  const o = { ...DEFAULTS, ...options };
  return {
    dimensions: dim,
    metric: MetricKind.Cos,
    quantization: o.quantization as ScalarKind,
    connectivity: o.connectivity,
    expansion_add: o.expansionAdd,
    expansion_search: o.expansionSearch,
    multi: false,
  };
}

/** Neighbours fetched per search at least; see UsearchVectorIndex.search. */
const PREFETCH = 64;

function toBigKeys(keys: readonly VectorKey[]): BigUint64Array {
  const out = new BigUint64Array(keys.length);
  keys.forEach((k, i) => {
    if (typeof k === "number" && (!Number.isInteger(k) || k < 0))
      throw new Error(`vector keys must be non-negative integers, got ${k}`);
    out[i] = BigInt(k);
  });
  return out;
}

/**
 * The core VectorIndex port on usearch's HNSW with the `cos` metric, one index per column, saved to
 * and loaded from its own file. Distances are 1 − cosine, nearest first, as the port expects.
 */
export class UsearchVectorIndex implements VectorIndex {
  private readonly index: Index;

  constructor(
    readonly dim: number,
    options: UsearchOptions = {},
  ) {
    this.index = new Index(hnswConfig(dim, options));
  }

  /**
   * Adds a batch in one native call (all cores). Blocks the event loop for the batch, so callers keep batches small.
   */
  add(keys: readonly VectorKey[], vectors: readonly Float32Array[]): void {
    if (keys.length !== vectors.length) throw new Error(`add: ${keys.length} keys for ${vectors.length} vectors`);
    if (keys.length === 0) return;
    const flat = new Float32Array(vectors.length * this.dim);
    vectors.forEach((v, i) => {
      if (v.length !== this.dim) throw new Error(`add: vector of ${v.length} dimensions, index has ${this.dim}`);
      flat.set(v, i * this.dim);
    });
    this.index.add(toBigKeys(keys), flat, 0);
  }

  /**
   * One query on one thread: spinning up a pool costs more than a single HNSW search. The search
   * explores efSearch candidates whatever k is, so it asks for at least PREFETCH neighbours and
   * keeps them for this query vector (by identity: vectors are never reused for another text): the
   * cell search widens k (10, 40, …) with the same vector while neighbours stay above its
   * threshold, and those calls are then answered from memory.
   */
  search(vector: Float32Array, k: number): VectorMatches {
    const size = this.index.size();
    if (size === 0 || k <= 0) return { keys: [], distances: [] };
    const want = Math.min(k, size);
    let last = this.last;
    // A short answer to a request of `asked` means the index has no more; only a full one can grow.
    if (!last || last.vector !== vector || (want > last.keys.length && last.keys.length >= last.asked)) {
      const asked = Math.min(size, Math.max(want, PREFETCH));
      const m = this.index.search(vector, asked, 1);
      last = this.last = { vector, asked, keys: Array.from(m.keys, Number), distances: m.distances };
    }
    return { keys: last.keys.slice(0, want), distances: last.distances.slice(0, want) };
  }

  private last: { vector: Float32Array; asked: number; keys: number[]; distances: Float32Array } | null = null;

  size(): number {
    return this.index.size();
  }

  save(file: string): void {
    this.index.save(file);
  }

  /**
   * Opens a saved index. `view` memory-maps the file instead of reading it, so a searcher costs
   * page cache rather than heap; the file must then stay in place (generations are immutable).
   */
  static open(file: string, dim: number, options: UsearchOptions & { view?: boolean } = {}): UsearchVectorIndex {
    const index = new UsearchVectorIndex(dim, options);
    if (options.view) index.index.view(file);
    else index.index.load(file);
    if (index.index.dimensions() !== dim)
      throw new Error(`${file}: index has ${index.index.dimensions()} dimensions, expected ${dim}`);
    return index;
  }
}

/** Factory for the core's buildCellIndex and tests. */
export function usearchIndexFactory(options: UsearchOptions = {}): VectorIndexFactory {
  return (dim) => new UsearchVectorIndex(dim, options);
}
