import "server-only";
import path from "node:path";
import { Worker } from "node:worker_threads";

type Reply = { id: number; ok: boolean; error?: string };

/** The worker script, resolved from the working directory: Next bundles server code, so it is started by path. */
export function insertWorkerPath(): string {
  return (
    process.env.INSERT_WORKER_PATH ??
    path.join(/*turbopackIgnore: true*/ process.cwd(), "lib", "server", "ingest", "insert-worker.mjs")
  );
}

/**
 * One insert worker (insert-worker.mjs) and the replies it owes: messages are answered in order,
 * a failed one is kept and raised by the next `settle`, and a worker that dies fails them all.
 */
export class InsertLane {
  private readonly worker = new Worker(insertWorkerPath());
  private readonly waiting = new Map<number, { resolve: () => void; reject: (e: Error) => void }>();
  /** Replies not yet awaited, oldest first. */
  readonly queued: Promise<void>[] = [];
  private nextId = 1;
  failure: Error | null = null;

  constructor() {
    this.worker.on("message", (reply: Reply) => {
      const waiter = this.waiting.get(reply.id);
      this.waiting.delete(reply.id);
      if (reply.ok) waiter?.resolve();
      else waiter?.reject(new Error(reply.error ?? "the insert worker failed"));
    });
    this.worker.on("error", (err) => this.fail(err));
    this.worker.on("exit", (code) => this.fail(new Error(`the insert worker exited (code ${code})`)));
  }

  private fail(err: Error): void {
    this.failure ??= err;
    for (const waiter of this.waiting.values()) waiter.reject(err);
    this.waiting.clear();
  }

  /** Sends a message; its reply is awaited later (`settle`, `drain`). */
  post(message: Record<string, unknown>, transfer: ArrayBuffer[] = []): void {
    const reply = this.send(message, transfer);
    reply.catch(() => undefined); // observed later, through this.queued
    this.queued.push(reply);
  }

  send(message: Record<string, unknown>, transfer: ArrayBuffer[] = []): Promise<void> {
    if (this.failure) return Promise.reject(this.failure);
    const id = this.nextId++;
    return new Promise<void>((resolve, reject) => {
      this.waiting.set(id, { resolve, reject });
      this.worker.postMessage({ ...message, id }, transfer);
    });
  }

  /** Waits until at most `pending` replies are outstanding; rejects if the worker failed. */
  async settle(pending: number): Promise<void> {
    while (this.queued.length > pending) await this.queued.shift();
    if (this.failure) throw this.failure;
  }

  async stop(): Promise<void> {
    this.worker.removeAllListeners("exit");
    this.failure ??= new Error("the insert worker was stopped");
    await this.worker.terminate();
  }
}
