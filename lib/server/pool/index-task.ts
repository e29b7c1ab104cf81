import "server-only";
import { runIndexing } from "@/lib/server/index/pipeline";
import type { IndexTask, IndexTaskEnd, MainMessage, WorkerMessage } from "./protocol";

/**
 * Indexes one dataset in this background thread: the pipeline writes its progress and generation
 * to the app database as it always did; a cancel message stops it (its read in flight included).
 */
export async function runIndexTask(task: IndexTask): Promise<IndexTaskEnd> {
  const { port } = task;
  const token = { cancelled: false };
  const controller = new AbortController();
  port.on("message", (m: MainMessage) => {
    if (m?.type !== "cancel") return;
    token.cancelled = true;
    controller.abort();
  });
  let end: IndexTaskEnd;
  try {
    const outcome = await runIndexing(task.datasetId, { caps: task.caps, token, signal: controller.signal });
    end = outcome
      ? { ok: true, status: outcome.status, ...(outcome.error ? { error: outcome.error } : {}) }
      : { ok: true, status: "gone" };
  } catch (err) {
    end = { ok: false, error: err instanceof Error ? err.message : String(err) };
  }
  port.postMessage({ type: "end", end } satisfies WorkerMessage);
  port.close();
  return end;
}
