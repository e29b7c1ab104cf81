import "server-only";
import { MessageChannel, type MessagePort } from "node:worker_threads";
import type Tinypool from "tinypool";
import { workerEntryFile } from "@/lib/server/pool/entries";
import { createThreadPool, workerHeapMb } from "@/lib/server/pool/thread-pools";
import { processSingleton } from "@/lib/server/process/singleton";
import type { InsertReply } from "./insert-worker";

/** Insert workers kept per importing thread (a file written by two lanes uses both). */
const INSERT_THREADS = 2;

/** This thread's pool of insert workers (typed entry, bundled with the app), started on first use. */
function insertPool(): Promise<Tinypool> {
  const holder = processSingleton("insertPool", (): { pool?: Promise<Tinypool> } => ({}));
  holder.pool ??= workerEntryFile("insert-worker").then((filename) =>
    createThreadPool({ name: "insert", filename, size: INSERT_THREADS, heapMb: workerHeapMb() }),
  );
  return holder.pool;
}

/**
 * One insert worker writing one table (insert-worker.ts) and the replies it owes: messages are
 * answered in order, a failed one is kept and raised by the next `settle`, and a worker that dies
 * (or runs out of memory) fails them all. The lane is one task of the insert pool: its messages
 * travel on the task's port, and the task ends when the lane closes.
 */
export class InsertLane {
  private readonly port: MessagePort;
  private readonly task: Promise<void>;
  private readonly waiting = new Map<number, { resolve: () => void; reject: (e: Error) => void }>();
  /** Replies not yet awaited, oldest first. */
  readonly queued: Promise<void>[] = [];
  private nextId = 1;
  /** A close or abort was sent: the worker ends the task after answering it. */
  private closing = false;
  failure: Error | null = null;

  constructor() {
    const { port1, port2 } = new MessageChannel();
    this.port = port1;
    this.port.on("message", (reply: InsertReply) => {
      const waiter = this.waiting.get(reply.id);
      this.waiting.delete(reply.id);
      if (reply.ok) waiter?.resolve();
      else waiter?.reject(new Error(reply.error ?? "the insert worker failed"));
    });
    this.task = insertPool().then((pool) => pool.run({ port: port2 }, { transferList: [port2] }));
    // The task ends after the worker answered the close; it fails when the worker died.
    this.task.catch((err: unknown) => this.fail(err instanceof Error ? err : new Error(String(err))));
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
    if (message.type === "close" || message.type === "abort") this.closing = true;
    return new Promise<void>((resolve, reject) => {
      this.waiting.set(id, { resolve, reject });
      this.port.postMessage({ ...message, id }, transfer);
    });
  }

  /** Waits until at most `pending` replies are outstanding; rejects if the worker failed. */
  async settle(pending: number): Promise<void> {
    while (this.queued.length > pending) await this.queued.shift();
    if (this.failure) throw this.failure;
  }

  /** Ends the lane's task (its table is closed, committed or not, by then); the worker stays for the next. */
  async stop(): Promise<void> {
    if (!this.failure && !this.closing) await this.send({ type: "close" }).catch(() => undefined);
    this.failure ??= new Error("the insert worker was stopped");
    await this.task.catch(() => undefined);
    this.port.close();
  }
}
