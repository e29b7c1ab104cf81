import "server-only";
import { createWriteStream } from "node:fs";
import { mkdir, rm } from "node:fs/promises";
import path from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { ReadableStream as WebReadableStream } from "node:stream/web";
import busboy from "busboy";
import { HttpError } from "./errors";
import type { UploadedFile } from "@/lib/server/ingest/types";
import { formatBytes } from "@/lib/core/util/format-bytes";

export type UploadLimits = { maxFileBytes: number; maxTotalBytes: number; maxFiles: number };
export type ReceivedUpload = { files: UploadedFile[]; fields: Record<string, string>; dir: string };

/**
 * Keeps only a display name from what the client sent: no directories, no control characters.
 * Composed to NFC, so "Zürich" sent decomposed (as macOS names files) reads like one typed.
 */
function sanitizeFileName(raw: string | undefined, index: number): string {
  const base = (raw ?? "").split(/[\\/]/).pop() ?? "";
  const clean = base
    .normalize("NFC")
    .replace(/[\u0000-\u001f\u007f]/g, "")
    .trim()
    .slice(0, 200);
  return clean && clean !== "." && clean !== ".." ? clean : `file-${index + 1}`;
}

/**
 * Streams a multipart upload to disk under generated names, enforcing per-file and total size
 * limits while the bytes arrive. On any failure the partial files are removed.
 */
export async function receiveUpload(
  request: Request,
  dir: string,
  limits: UploadLimits,
  onBytes: (received: number, expected: number) => void,
): Promise<ReceivedUpload> {
  const contentType = request.headers.get("content-type") ?? "";
  if (!contentType.startsWith("multipart/form-data"))
    throw new HttpError("not_multipart", 'Send the files as multipart/form-data in a field named "files".', 400);
  const expected = Number(request.headers.get("content-length") ?? 0);
  if (expected > limits.maxTotalBytes + 1024 * 1024)
    throw new HttpError(
      "upload_too_large",
      `The upload is ${formatBytes(expected)}; the limit is ${formatBytes(limits.maxTotalBytes)}.`,
      413,
    );
  if (!request.body) throw new HttpError("no_files", "The request has no body.", 400);
  await mkdir(dir, { recursive: true });
  try {
    return await parse(request, contentType, dir, limits, expected, onBytes);
  } catch (err) {
    await rm(dir, { recursive: true, force: true });
    throw err;
  }
}

function parse(
  request: Request,
  contentType: string,
  dir: string,
  limits: UploadLimits,
  expected: number,
  onBytes: (r: number, e: number) => void,
): Promise<ReceivedUpload> {
  return new Promise((resolve, reject) => {
    const files: UploadedFile[] = [];
    const fields: Record<string, string> = {};
    const writes: Promise<void>[] = [];
    let total = 0;
    let failure: Error | null = null;
    const parser = busboy({
      headers: { "content-type": contentType },
      // Browsers send file names as UTF-8; busboy's default reads them as Latin-1 ("ZÃ¼rich").
      defParamCharset: "utf8",
      limits: { fileSize: limits.maxFileBytes, files: limits.maxFiles, fields: 20, fieldSize: 10_000 },
    });
    const body = Readable.fromWeb(request.body as unknown as WebReadableStream);
    const fail = (err: Error) => {
      failure ??= err;
      body.unpipe(parser);
      body.destroy();
      reject(failure);
    };
    parser.on("file", (field, stream, info) => {
      if (field !== "files") return void stream.resume();
      const index = files.length;
      const file: UploadedFile = {
        originalName: sanitizeFileName(info.filename, index),
        path: path.join(dir, `upload-${index}.bin`),
        size: 0,
      };
      files.push(file);
      stream.on("data", (chunk: Buffer) => {
        file.size += chunk.length;
        total += chunk.length;
        onBytes(total, expected);
        if (total > limits.maxTotalBytes)
          fail(
            new HttpError(
              "upload_too_large",
              `The upload is over the ${formatBytes(limits.maxTotalBytes)} limit.`,
              413,
            ),
          );
      });
      stream.on("limit", () =>
        fail(
          new HttpError(
            "file_too_large",
            `${file.originalName} is over the ${formatBytes(limits.maxFileBytes)} per-file limit.`,
            413,
          ),
        ),
      );
      writes.push(pipeline(stream, createWriteStream(file.path)).catch((err) => fail(err)));
    });
    parser.on("field", (name, value) => (fields[name] = value));
    parser.on("filesLimit", () =>
      fail(new HttpError("too_many_files", `At most ${limits.maxFiles} files can be uploaded at once.`, 413)),
    );
    parser.on("error", (err: Error) =>
      fail(new HttpError("bad_multipart", `The upload could not be read: ${err.message}`, 400)),
    );
    parser.on("close", () => {
      Promise.all(writes).then(() => {
        if (failure) return;
        if (files.length === 0)
          return reject(
            new HttpError("no_files", 'No files were uploaded. Send one or more files in the form field "files".', 400),
          );
        resolve({ files, fields, dir });
      }, reject);
    });
    body.on("error", (err) =>
      fail(new HttpError("upload_interrupted", `The upload was interrupted: ${err.message}`, 400)),
    );
    body.pipe(parser);
  });
}
