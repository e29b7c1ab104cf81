import "server-only";
import os from "node:os";
import { SHARE_ENV } from "node:worker_threads";
import Tinypool from "tinypool";
import { processSingleton } from "@/lib/server/process/singleton";
import { WORKER_EXEC_ARGV, workerEntryFile } from "./entries";

/**
 * The worker threads of the app, by kind: each method has its own question threads (its asks,
 * compares, re-runs and batch questions; a compare's methods thus always run side by side, each
 * thread keeping only its method's caches and models), "background" runs index runs and "imports"
 * parses and writes uploaded files. A thread
 * has a heap limit: one that runs out of memory fails its task and is replaced, the server goes on.
 * An idle thread exits after a while; the next task starts a new one.
 */
export type ThreadKind = `questions:${string}` | "background" | "imports";

/** The question threads of a method. */
export const questionsOf = (method: string): ThreadKind => `questions:${method}`;

/** How much memory a worker thread may use before it is stopped (MB, WORKER_HEAP_MB). */
export function workerHeapMb(): number {
  return Math.max(64, Number(process.env.WORKER_HEAP_MB) || 1024);
}

/**
 * Question threads of each method: WORKER_THREADS, else one per two cores, no more than fit in an
 * eighth of the machine's memory at their heap limit; at least one.
 */
export function questionThreads(): number {
  const setting = Number(process.env.WORKER_THREADS);
  if (Number.isFinite(setting) && setting >= 1) return Math.floor(setting);
  const cores = os.availableParallelism?.() ?? os.cpus().length;
  const byMemory = Math.floor(os.totalmem() / 8 / (workerHeapMb() * 1024 * 1024));
  return Math.max(1, Math.min(Math.floor(cores / 2), byMemory));
}

/** Imports parse and write files two at a time (the import queue's budget). */
export const IMPORT_THREADS = 2;
const sizeOf = (kind: ThreadKind) =>
  kind === "background" ? 1 : kind === "imports" ? IMPORT_THREADS : questionThreads();
const IDLE_MS = 5 * 60_000;

const pools = () => processSingleton("threadPools", (): Map<ThreadKind, Promise<Tinypool>> => new Map());

/** The thread pool of a kind of work (created on first use). */
export function threadPool(kind: ThreadKind): Promise<Tinypool> {
  const p = pools();
  let pool = p.get(kind);
  if (!pool) {
    pool = createPool(kind);
    p.set(kind, pool);
  }
  return pool;
}

async function createPool(kind: ThreadKind): Promise<Tinypool> {
  return createThreadPool({
    name: kind,
    filename: await workerEntryFile("pool-worker"),
    size: sizeOf(kind),
    heapMb: workerHeapMb(),
  });
}

/** A pool of worker threads with the app's settings (the kinds above; tests start one on their own entry). */
export function createThreadPool(options: { name: string; filename: string; size: number; heapMb: number }): Tinypool {
  const pool = new Tinypool({
    filename: options.filename,
    minThreads: 0,
    maxThreads: options.size,
    idleTimeout: IDLE_MS,
    execArgv: WORKER_EXEC_ARGV,
    // Settings changed at run time (tests, the LLM configuration) reach the threads too.
    env: SHARE_ENV as unknown as Record<string, string>,
    resourceLimits: { maxOldGenerationSizeMb: options.heapMb },
  });
  // A thread that died between tasks; the next task starts a new one.
  pool.on("error", (err: unknown) => console.error(`[tablesight] a ${options.name} worker thread stopped:`, err));
  return pool;
}

/** Stops every worker thread (tests, shutdown); the next task starts fresh pools. */
export async function closeThreadPools(): Promise<void> {
  const all = [...pools().values()];
  pools().clear();
  await Promise.all(all.map((pool) => pool.then((p) => p.destroy()).catch(() => undefined)));
}
