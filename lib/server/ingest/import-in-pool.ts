import "server-only";
import PQueue from "p-queue";
import type { DatasetDetail, TableMeta } from "@/lib/core/model/dataset";
import type { ErrorCode } from "@/lib/server/http/http-error";
import { busyError, HttpError, isBusyError } from "@/lib/server/http/errors";
import { cancelIndexing, indexAfterImport, isQueued, whenIndexRunEnds } from "@/lib/server/index/queue";
import { importQueue } from "@/lib/server/pool/queues";
import { datasetChanged } from "@/lib/server/process/dataset-caches";
import { processSingleton } from "@/lib/server/process/singleton";
import type { TableReimport } from "./reimport-table";
import { type ImportFailure, importInThread, reimportInThread } from "./import.task";
import { ImportError } from "./errors";
import type { ImportOverrides, ImportProgress, UploadedFile } from "./types";

/**
 * Imports uploaded files as one dataset on an import thread (importDataset, off the main thread),
 * taking its turn in the import queue. The file's problems come back as the ImportError or
 * HttpError the importer threw; a thread that dies (out of memory on a huge workbook) fails the
 * import with a message and the server goes on. The new dataset is then queued for indexing.
 */
export async function importInPool(
  files: UploadedFile[],
  options: { name?: string; overrides?: ImportOverrides; onProgress?: (p: Partial<ImportProgress>) => void } = {},
): Promise<DatasetDetail> {
  if (importQueue().pending >= importQueue().concurrency)
    options.onProgress?.({ stage: "Waiting for another import to finish" });
  const end = await importQueue().add(() => importInThread(files, options));
  if (!end.ok) throw rebuilt(end.error);
  indexAfterImport(end.detail.id);
  return end.detail;
}

// Re-imports take turns over all datasets: two at once would race on one dataset's rows file.
const reimports = () => processSingleton("reimportQueue", () => new PQueue({ concurrency: 1 }));

/** How long a cancelled indexing has to let go of the file (its thread is stopped after 2 s). */
const INDEX_STOP_MS = 10_000;

/**
 * Stops the dataset's indexing, waiting or running, and waits for it to let go of the file: it
 * reads the table a re-import is about to replace (and would index the old rows); the re-import
 * queues a new one. Re-importing during the first index ended in "database is locked".
 */
async function stopIndexingOf(datasetId: string): Promise<void> {
  if (!isQueued(datasetId)) return;
  const stopping = new AbortController();
  const ended = whenIndexRunEnds(datasetId, stopping.signal).catch(() => undefined);
  if (cancelIndexing(datasetId)) {
    const timer = setTimeout(() => stopping.abort(), INDEX_STOP_MS);
    await ended;
    clearTimeout(timer);
  } else stopping.abort();
}

/**
 * Re-imports one table with another header depth or dialect on an import thread (reimportTable),
 * after stopping the dataset's indexing; then every thread drops what it kept of the dataset and it
 * is queued for re-indexing. Reads of the file still running are waited for (REIMPORT_WAIT_MS),
 * then the answer is 409 database_busy, never a 500.
 */
export async function reimportInPool(datasetId: string, table: string, change: TableReimport): Promise<TableMeta> {
  const end = await reimports().add(async () => {
    await stopIndexingOf(datasetId);
    return reimportInThread(datasetId, table, change);
  });
  if (!end.ok) throw rebuilt(end.error);
  datasetChanged(datasetId);
  indexAfterImport(datasetId);
  return end.meta;
}

/** The ImportError or HttpError a worker's importer threw, as the route answers it. */
function rebuilt(error: ImportFailure): Error {
  const { name, code, message, status } = error;
  if (isBusyError(error)) return busyError();
  if (name === "ImportError") return new ImportError(code as ErrorCode, message, status ?? 400);
  if (status !== null) return new HttpError(code as ErrorCode, message, status);
  return new Error(message);
}
