import "server-only";
import { importDataset } from "@/lib/server/ingest/import-dataset";
import { reimportTable } from "@/lib/server/ingest/reimport-table";
import type { ImportTask, ImportTaskEnd, ReimportTask, ReimportTaskEnd, WorkerMessage } from "./protocol";

/**
 * Imports uploaded files as one dataset in this import thread: the file is parsed and its rows
 * written here (the insert threads it starts are its own), its progress posted to the main thread,
 * which reports it under the upload's id. A problem with a file ends the task with its code.
 */
export async function runImportTask(task: ImportTask): Promise<ImportTaskEnd> {
  const { port } = task;
  let end: ImportTaskEnd;
  try {
    const detail = await importDataset(task.files, {
      ...(task.name !== undefined ? { name: task.name } : {}),
      ...(task.overrides ? { overrides: task.overrides } : {}),
      onProgress: (progress) => port.postMessage({ type: "progress", progress } satisfies WorkerMessage),
    });
    end = { ok: true, detail };
  } catch (err) {
    end = { ok: false, error: describeFailure(err) };
  }
  port.postMessage({ type: "end", end } satisfies WorkerMessage);
  port.close();
  return end;
}

/** Re-imports one table from its kept file in this import thread (the main thread queues its re-indexing). */
export async function runReimportTask(task: ReimportTask): Promise<ReimportTaskEnd> {
  let end: ReimportTaskEnd;
  try {
    end = { ok: true, meta: await reimportTable(task.datasetId, task.table, task.change) };
  } catch (err) {
    end = { ok: false, error: describeFailure(err) };
  }
  task.port.postMessage({ type: "end", end } satisfies WorkerMessage);
  task.port.close();
  return end;
}

/** An importer's error as plain data: its class name, code, message and HTTP status. */
function describeFailure(err: unknown): { name: string; code: string; message: string; status: number | null } {
  const e = err as { name?: unknown; code?: unknown; message?: unknown; status?: unknown };
  return {
    name: typeof e?.name === "string" ? e.name : "Error",
    code: typeof e?.code === "string" ? e.code : "internal_error",
    message: typeof e?.message === "string" ? e.message : String(err),
    status: typeof e?.status === "number" ? e.status : null,
  };
}
