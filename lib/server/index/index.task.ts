import "server-only";
import { type PoolTask, onCancel, postEnd, runTask } from "@/lib/server/pool/run-task";
import type { IndexCaps } from "./caps";
import { runIndexing } from "./pipeline";

/** Indexes one dataset in a background thread; progress goes to the app database as it always did. */
export type IndexTask = PoolTask & { kind: "index-run"; datasetId: string; caps?: Partial<IndexCaps> };
export type IndexTaskEnd =
  | { ok: true; status: "ready" | "failed" | "gone"; error?: string }
  | { ok: false; error: string };

/** Main thread: runs the dataset's indexing on the background thread; `signal` cancels it. */
export function indexInThread(
  datasetId: string,
  caps: Partial<IndexCaps> | undefined,
  signal: AbortSignal,
): Promise<IndexTaskEnd> {
  return runTask<IndexTask, IndexTaskEnd>(
    "background",
    { kind: "index-run", datasetId, ...(caps ? { caps } : {}) },
    { signal },
  );
}

/**
 * Worker: indexes one dataset in this background thread: the pipeline writes its progress and
 * generation to the app database as it always did; a cancel stops it (its read in flight included).
 */
export async function runIndexTask(task: IndexTask): Promise<IndexTaskEnd> {
  const token = { cancelled: false };
  const controller = new AbortController();
  onCancel(task.port, () => {
    token.cancelled = true;
    controller.abort();
  });
  try {
    const outcome = await runIndexing(task.datasetId, { caps: task.caps, token, signal: controller.signal });
    return postEnd<IndexTaskEnd>(
      task.port,
      outcome
        ? { ok: true, status: outcome.status, ...(outcome.error ? { error: outcome.error } : {}) }
        : { ok: true, status: "gone" },
    );
  } catch (err) {
    return postEnd<IndexTaskEnd>(task.port, { ok: false, error: err instanceof Error ? err.message : String(err) });
  }
}
