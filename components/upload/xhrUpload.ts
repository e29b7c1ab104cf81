import { ApiError, errorFromBody, parseJson } from "@/components/api/client";
import type { ImportResult } from "@/components/api/types";

export interface UploadHandle {
  result: Promise<ImportResult>;
  abort: () => void;
}

interface UploadCallbacks {
  onUploadProgress: (loaded: number, total: number) => void;
  onUploadComplete: () => void;
}

/** XHR rather than fetch: fetch still cannot report upload progress. */
export function uploadDataset(
  files: File[],
  uploadId: string,
  callbacks: UploadCallbacks,
  fields: Record<string, string> = {},
): UploadHandle {
  const xhr = new XMLHttpRequest();
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  for (const file of files) form.append("files", file, file.name);

  const result = new Promise<ImportResult>((resolve, reject) => {
    xhr.upload.addEventListener("progress", (e) => {
      if (e.lengthComputable) callbacks.onUploadProgress(e.loaded, e.total);
    });
    xhr.upload.addEventListener("load", () => callbacks.onUploadComplete());
    xhr.addEventListener("load", () => {
      const body = parseJson(xhr.responseText);
      if (xhr.status >= 200 && xhr.status < 300 && body && typeof body === "object" && "id" in body) {
        resolve(body as ImportResult);
      } else if (xhr.status >= 200 && xhr.status < 300) {
        reject(new ApiError("The server accepted the upload but sent an unreadable answer.", xhr.status));
      } else {
        reject(errorFromBody(body, xhr.status, xhr.statusText));
      }
    });
    xhr.addEventListener("error", () =>
      reject(new ApiError("The upload failed: the connection to the server was lost.", 0)),
    );
    xhr.addEventListener("abort", () => reject(new ApiError("The upload was cancelled.", 0, "aborted")));
  });

  xhr.open("POST", "/api/datasets");
  xhr.setRequestHeader("x-upload-id", uploadId);
  xhr.setRequestHeader("accept", "application/json");
  xhr.send(form);
  return { result, abort: () => xhr.abort() };
}

/** crypto.randomUUID needs a secure context; getRandomValues works on plain http over a LAN too. */
export function newUploadId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
}
