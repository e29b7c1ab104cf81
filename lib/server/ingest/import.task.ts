import "server-only";
import type { DatasetDetail, TableMeta } from "@/lib/core/model/dataset";
import { type PoolTask, post, postEnd, runTask } from "@/lib/server/pool/run-task";
import { importDataset } from "./import-dataset";
import { reimportTable, type TableReimport } from "./reimport-table";
import type { ImportOverrides, ImportProgress, UploadedFile } from "./types";

/** An importer's error as plain data: its class name, code, message and HTTP status. */
export type ImportFailure = { name: string; code: string; message: string; status: number | null };

/** Imports uploaded files as one dataset in an import thread; progress is posted as it goes. */
export type ImportTask = PoolTask & {
  kind: "import";
  files: UploadedFile[];
  name?: string;
  overrides?: ImportOverrides;
};
/** An import's end: the new dataset, or the file's problem as the importer described it. */
export type ImportTaskEnd = { ok: true; detail: DatasetDetail } | { ok: false; error: ImportFailure };

/** Re-imports one table of a dataset from its kept file, in an import thread. */
export type ReimportTask = PoolTask & { kind: "reimport"; datasetId: string; table: string; change: TableReimport };
export type ReimportTaskEnd = { ok: true; meta: TableMeta } | { ok: false; error: ImportFailure };

/** Main thread: imports the files on an import thread, reporting its progress. */
export function importInThread(
  files: UploadedFile[],
  options: { name?: string; overrides?: ImportOverrides; onProgress?: (p: Partial<ImportProgress>) => void },
): Promise<ImportTaskEnd> {
  return runTask<ImportTask, ImportTaskEnd>(
    "imports",
    {
      kind: "import",
      files,
      ...(options.name !== undefined ? { name: options.name } : {}),
      ...(options.overrides ? { overrides: options.overrides } : {}),
    },
    { onProgress: options.onProgress && ((p) => options.onProgress?.(p as Partial<ImportProgress>)) },
  );
}

/** Main thread: re-imports one table on an import thread. */
export function reimportInThread(datasetId: string, table: string, change: TableReimport): Promise<ReimportTaskEnd> {
  return runTask<ReimportTask, ReimportTaskEnd>("imports", { kind: "reimport", datasetId, table, change });
}

/**
 * Worker: imports uploaded files as one dataset in this import thread: the file is parsed and its
 * rows written here (the insert threads it starts are its own), its progress posted to the main
 * thread, which reports it under the upload's id. A problem with a file ends the task with its code.
 */
export async function runImportTask(task: ImportTask): Promise<ImportTaskEnd> {
  try {
    const detail = await importDataset(task.files, {
      ...(task.name !== undefined ? { name: task.name } : {}),
      ...(task.overrides ? { overrides: task.overrides } : {}),
      onProgress: (progress) => post(task.port, { type: "progress", progress }),
    });
    return postEnd<ImportTaskEnd>(task.port, { ok: true, detail });
  } catch (err) {
    return postEnd<ImportTaskEnd>(task.port, { ok: false, error: describeFailure(err) });
  }
}

/** Worker: re-imports one table from its kept file (the main thread queues its re-indexing). */
export async function runReimportTask(task: ReimportTask): Promise<ReimportTaskEnd> {
  try {
    const meta = await reimportTable(task.datasetId, task.table, task.change);
    return postEnd<ReimportTaskEnd>(task.port, { ok: true, meta });
  } catch (err) {
    return postEnd<ReimportTaskEnd>(task.port, { ok: false, error: describeFailure(err) });
  }
}

function describeFailure(err: unknown): ImportFailure {
  const e = err as { name?: unknown; code?: unknown; message?: unknown; status?: unknown };
  return {
    name: typeof e?.name === "string" ? e.name : "Error",
    code: typeof e?.code === "string" ? e.code : "internal_error",
    message: typeof e?.message === "string" ? e.message : String(err),
    status: typeof e?.status === "number" ? e.status : null,
  };
}
