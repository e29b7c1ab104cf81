// The pool's worker thread (bundled with the app as "pool-worker", see lib/server/pool/bundle.ts) and the
// one list of the kinds of task it runs. Each feature registers its kinds here, the way methods are
// registered in lib/core/methods/registry.ts: one `*.task.ts` per kind holds its main-thread half, its
// worker half and its message types. A kind's worker half is loaded on its first task, so a question
// thread never loads the importer. Nothing on the main thread imports this file.
import "server-only";
import type { PoolTask } from "@/lib/server/pool/run-task";
import { lowerThisThreadsPriority } from "@/lib/server/pool/priority";

/** The worker half of a task kind: runs one task in this thread, posts on its port, returns its end. */
type TaskWorker = (task: never) => unknown;

export const TASK_KINDS: Record<string, () => Promise<TaskWorker>> = {
  "method-run": async () => (await import("./runs/method.task")).runMethodTask,
  "warm-up": async () => (await import("./runs/warm-up.task")).runWarmUpTask,
  "index-run": async () => (await import("./index/index.task")).runIndexTask,
  import: async () => (await import("./ingest/import.task")).runImportTask,
  reimport: async () => (await import("./ingest/import.task")).runReimportTask,
};

// Answers, index runs and imports yield the CPU to the main thread, which routes and streams.
lowerThisThreadsPriority();

/** Runs one task of the main thread's pool in this worker thread, by its registered kind. */
export default async function runTask(task: PoolTask): Promise<unknown> {
  const load = Object.hasOwn(TASK_KINDS, task.kind) ? TASK_KINDS[task.kind] : undefined;
  if (!load) throw new Error(`Unknown pool task ${JSON.stringify(task.kind)}.`);
  return (await load())(task as never);
}
