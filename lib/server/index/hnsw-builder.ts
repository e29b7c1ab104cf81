import "server-only";
import path from "node:path";
import { Worker } from "node:worker_threads";
import { hnswConfig, type UsearchOptions } from "./usearch-index";

type Reply = { id: number; ok: boolean; size?: number; error?: string };

/** The worker script, resolved from the working directory: Next bundles server code, so it is started by path. */
export function hnswWorkerPath(): string {
  return (
    process.env.HNSW_WORKER_PATH ??
    path.join(/*turbopackIgnore: true*/ process.cwd(), "lib", "server", "index", "hnsw-worker.mjs")
  );
}

/**
 * Builds HNSW indexes in a worker thread (hnsw-worker.mjs): vectors are transferred, not copied,
 * and usearch's native threads do the work while this thread keeps serving requests. One builder
 * serves one indexing run, one column at a time: open, add…, save.
 */
export class HnswBuilder {
  private readonly worker = new Worker(hnswWorkerPath());
  private readonly waiting = new Map<number, { resolve: (r: Reply) => void; reject: (e: Error) => void }>();
  private nextId = 1;
  private failure: Error | null = null;

  constructor() {
    this.worker.on("message", (r: Reply) => {
      const w = this.waiting.get(r.id);
      this.waiting.delete(r.id);
      if (!w) return;
      if (r.ok) w.resolve(r);
      else w.reject(new Error(r.error ?? "the HNSW worker failed"));
    });
    const fail = (err: Error) => {
      this.failure = err;
      for (const w of this.waiting.values()) w.reject(err);
      this.waiting.clear();
    };
    this.worker.on("error", fail);
    this.worker.on("exit", (code) => fail(new Error(`the HNSW worker exited (code ${code})`)));
  }

  private send(message: Record<string, unknown>, transfer: ArrayBuffer[] = []): Promise<Reply> {
    if (this.failure) return Promise.reject(this.failure);
    const id = this.nextId++;
    return new Promise<Reply>((resolve, reject) => {
      this.waiting.set(id, { resolve, reject });
      this.worker.postMessage({ ...message, id }, transfer);
    });
  }

  /** Starts a new, empty index (the previous one, if any, is dropped). */
  async open(dim: number, options: UsearchOptions = {}): Promise<void> {
    await this.send({ type: "open", config: hnswConfig(dim, options) });
  }

  /** Adds a batch; resolves when the worker has inserted it. */
  async add(keys: readonly number[], vectors: readonly Float32Array[], dim: number): Promise<number> {
    const flat = new Float32Array(vectors.length * dim);
    vectors.forEach((v, i) => flat.set(v, i * dim));
    const big = BigUint64Array.from(keys, (k) => BigInt(k));
    return (
      (await this.send({ type: "add", keys: big.buffer, vectors: flat.buffer }, [big.buffer, flat.buffer])).size ?? 0
    );
  }

  async save(file: string): Promise<number> {
    return (await this.send({ type: "save", file })).size ?? 0;
  }

  async close(): Promise<void> {
    this.worker.removeAllListeners("exit");
    await this.worker.terminate();
  }
}
