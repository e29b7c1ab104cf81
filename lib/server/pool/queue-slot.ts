import "server-only";
import type PQueue from "p-queue";

/**
 * Adds a task to a p-queue so that `signal` drops it while it waits but, once it runs, holds its
 * slot until the task has settled. p-queue frees a running task's slot as soon as the task's own
 * signal aborts; the next task then went to a thread (or SQL process) still busy with the
 * cancelled one, the pool queued it there, and after it stopped the busy thread it never started
 * one for the queued task: the next question of a cancelled batch's method waited for ever.
 */
export function addUntilSettled<T>(
  queue: PQueue,
  task: () => Promise<T>,
  options: { priority?: number; signal?: AbortSignal } = {},
): Promise<T> {
  const { signal } = options;
  if (signal?.aborted) return Promise.reject(signal.reason);
  const waiting = new AbortController();
  let started = false;
  const onAbort = () => {
    if (!started) waiting.abort(signal?.reason);
  };
  signal?.addEventListener("abort", onAbort, { once: true });
  const added = queue.add(
    () => {
      started = true;
      return task();
    },
    { priority: options.priority, signal: waiting.signal },
  ) as Promise<T>;
  return added.finally(() => signal?.removeEventListener("abort", onAbort));
}
