import "server-only";
import os from "node:os";
import { SHARE_ENV } from "node:worker_threads";
import Tinypool from "tinypool";
import { processSingleton } from "@/lib/server/process/singleton";
import { WORKER_EXEC_ARGV, workerEntryFile } from "./entries";

/**
 * The worker threads of the app, by kind: "questions" run methods (ask, compare, re-run, batch
 * questions), "background" runs index runs. Each thread keeps its own caches (indexes, models) and
 * has a heap limit: a thread that runs out of memory fails its task and is replaced, the server
 * goes on. An idle thread exits after a while; the next task starts a new one.
 */
export type ThreadKind = "questions" | "background";

/** How much memory a question thread may use before it is stopped (MB, WORKER_HEAP_MB). */
export function workerHeapMb(): number {
  return Math.max(64, Number(process.env.WORKER_HEAP_MB) || 1024);
}

/**
 * Question threads: WORKER_THREADS, else two per core (a compare runs up to four methods at once,
 * each on its own thread), at most as many as fit in a quarter of the free memory at their heap
 * limit, at least two.
 */
export function questionThreads(): number {
  const setting = Number(process.env.WORKER_THREADS);
  if (Number.isFinite(setting) && setting >= 1) return Math.floor(setting);
  const cores = os.availableParallelism?.() ?? os.cpus().length;
  const byMemory = Math.floor(os.freemem() / 4 / (workerHeapMb() * 1024 * 1024));
  return Math.max(2, Math.min(cores * 2, byMemory));
}

const SIZES: Record<ThreadKind, () => number> = { questions: questionThreads, background: () => 1 };
const IDLE_MS = 60_000;

const pools = () => processSingleton("threadPools", (): Partial<Record<ThreadKind, Promise<Tinypool>>> => ({}));

/** The thread pool of a kind of work (created on first use). */
export function threadPool(kind: ThreadKind): Promise<Tinypool> {
  const p = pools();
  p[kind] ??= createPool(kind);
  return p[kind];
}

async function createPool(kind: ThreadKind): Promise<Tinypool> {
  return createThreadPool({
    name: kind,
    filename: await workerEntryFile("pool-worker"),
    size: SIZES[kind](),
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
  const p = pools();
  const all = Object.values(p);
  for (const kind of Object.keys(p) as ThreadKind[]) delete p[kind];
  await Promise.all(all.map((pool) => pool.then((p) => p.destroy()).catch(() => undefined)));
}
