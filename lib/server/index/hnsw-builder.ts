import "server-only";
import { Index } from "usearch";
import { hnswConfig, type UsearchOptions } from "./usearch-index";

/**
 * Builds HNSW indexes with usearch in the indexing thread (the pool's background worker, so a large
 * column's seconds of graph construction never block the server's main thread; usearch's native
 * threads do the work). One builder serves one indexing run, one column at a time: open, add…, save.
 */
export class HnswBuilder {
  private index: Index | null = null;

  /** Starts a new, empty index (the previous one, if any, is dropped). */
  async open(dim: number, options: UsearchOptions = {}): Promise<void> {
    this.index = new Index(hnswConfig(dim, options));
  }

  /** Adds a batch; resolves with the index's size. */
  async add(keys: readonly number[], vectors: readonly Float32Array[], dim: number): Promise<number> {
    const index = this.opened();
    const flat = new Float32Array(vectors.length * dim);
    vectors.forEach((v, i) => flat.set(v, i * dim));
    index.add(
      BigUint64Array.from(keys, (k) => BigInt(k)),
      flat,
      0,
    );
    return index.size();
  }

  async save(file: string): Promise<number> {
    const index = this.opened();
    index.save(file);
    return index.size();
  }

  async close(): Promise<void> {
    this.index = null;
  }

  private opened(): Index {
    if (!this.index) throw new Error("The HNSW index was not opened.");
    return this.index;
  }
}
