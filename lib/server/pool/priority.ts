import { readlinkSync } from "node:fs";
import os from "node:os";

/** How much lower a worker runs than the main thread (WORKER_NICE, 0–19; Linux nice steps). */
function workerNice(): number {
  const setting = Number(process.env.WORKER_NICE);
  return Number.isFinite(setting) ? Math.max(0, Math.min(19, Math.floor(setting))) : 10;
}

/**
 * Lowers the calling thread's scheduling priority (Linux nice, per thread), so that on a busy
 * machine the main thread, which routes and streams, gets the CPU before the workers that answer:
 * a new question's first event never waits behind another question's work. Threads this thread
 * starts later (SQLite's and usearch's) inherit it. A no-op where threads have no ids of their own.
 */
export function lowerThisThreadsPriority(nice = workerNice()): void {
  if (nice === 0 || process.platform !== "linux") return;
  try {
    const tid = Number(readlinkSync("/proc/thread-self").split("/").pop());
    os.setPriority(tid, Math.min(19, os.getPriority(tid) + nice));
  } catch {
    // no /proc, or not allowed: the thread keeps its priority
  }
}
