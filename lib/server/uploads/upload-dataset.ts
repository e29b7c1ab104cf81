import "server-only";
import path from "node:path";
import { rm } from "node:fs/promises";
import type { DatasetDetail } from "@/lib/core/model/dataset";
import { config, tmpDir } from "@/lib/server/config";
import { ImportError } from "@/lib/server/ingest/errors";
import { HttpError } from "@/lib/server/http/errors";
import { receiveUpload } from "@/lib/server/http/receive-upload";
import { newDatasetId } from "@/lib/server/ingest/import-dataset";
import { importInPool } from "@/lib/server/ingest/import-in-pool";
import { importJobs } from "@/lib/server/ingest/jobs";
import { overridesFromFields } from "@/lib/server/ingest/upload-overrides";
import { passagesAlongside, splitPassageFiles } from "@/lib/server/passages/alongside";

const UPLOAD_ID = /^[A-Za-z0-9_-]{1,64}$/;

/** Receives a multipart upload and imports it as one dataset, reporting progress under the upload id. */
export async function uploadDataset(request: Request): Promise<DatasetDetail> {
  const given = request.headers.get("x-upload-id") ?? "";
  const uploadId = UPLOAD_ID.test(given) ? given : newDatasetId();
  importJobs.start(uploadId, "Receiving files");
  const dir = path.join(tmpDir(), `upload-${newDatasetId()}`);
  try {
    const limits = {
      maxFileBytes: config.maxFileBytes,
      maxTotalBytes: config.maxUploadBytes,
      maxFiles: config.maxFilesPerUpload,
    };
    const upload = await receiveUpload(request, dir, limits, (bytesDone, bytesTotal) =>
      importJobs.update(uploadId, { stage: "Receiving files", bytesDone, bytesTotal }),
    );
    const { tables, passages } = splitPassageFiles(upload.files);
    const overrides = overridesFromFields(upload.fields);
    // Parsed and written on an import thread, taking turns in the import queue.
    const detail = await importInPool(tables, {
      name: upload.fields.name,
      overrides,
      onProgress: (p) => importJobs.update(uploadId, p),
    });
    if (passages.length) detail.notes.push(...(await passagesAlongside(detail.id, passages)));
    importJobs.finish(uploadId, detail.id);
    return detail;
  } catch (err) {
    const known = err instanceof ImportError || err instanceof HttpError;
    importJobs.fail(
      uploadId,
      known
        ? { code: err.code, message: err.message }
        : { code: "internal_error", message: "The import failed on the server; nothing was saved." },
    );
    throw err;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
