import "server-only";
import type { DatasetDetail } from "@/lib/core/model/dataset";
import type { ErrorCode } from "@/lib/server/http/http-error";
import { HttpError } from "@/lib/server/http/errors";
import { indexAfterImport } from "@/lib/server/index/queue";
import { importQueue } from "@/lib/server/pool/queues";
import { runPoolTask } from "@/lib/server/pool/run-task";
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
  const end = await importQueue().add(() =>
    runPoolTask(
      "imports",
      {
        kind: "import",
        files,
        ...(options.name !== undefined ? { name: options.name } : {}),
        ...(options.overrides ? { overrides: options.overrides } : {}),
      },
      { onProgress: options.onProgress },
    ),
  );
  if (!end.ok) {
    const { name, code, message, status } = end.error;
    if (name === "ImportError") throw new ImportError(code as ErrorCode, message, status ?? 400);
    if (status !== null) throw new HttpError(code as ErrorCode, message, status);
    throw new Error(message);
  }
  indexAfterImport(end.detail.id);
  return end.detail;
}
