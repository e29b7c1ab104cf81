// The pool's worker thread (bundled with the app; see ./bundle.ts). Each task names its kind; the
// code of a kind is loaded on its first task, so a question thread never loads the indexer.
import "server-only";
import { lowerThisThreadsPriority } from "./priority";
import type { ImportTaskEnd, IndexTaskEnd, MethodTaskEnd, PoolTask, ReimportTaskEnd } from "./protocol";

// Answers, index runs and imports yield the CPU to the main thread, which routes and streams.
lowerThisThreadsPriority();

type TaskEnd = MethodTaskEnd | IndexTaskEnd | ImportTaskEnd | ReimportTaskEnd | { models: string[] };

/** Runs one task of the main thread's pool in this worker thread. */
export default async function runTask(task: PoolTask): Promise<TaskEnd> {
  if (task.kind === "warm-up") return (await import("./warm-task")).runWarmUpTask(task);
  if (task.kind === "method-run") return (await import("./method-task")).runMethodTask(task);
  if (task.kind === "index-run") return (await import("./index-task")).runIndexTask(task);
  if (task.kind === "import") return (await import("./import-task")).runImportTask(task);
  if (task.kind === "reimport") return (await import("./import-task")).runReimportTask(task);
  throw new Error(`Unknown pool task ${JSON.stringify((task as { kind?: unknown }).kind)}.`);
}
