import "server-only";
import { jsonTypeRefusal } from "@/lib/core/security/body-type";
import { HttpError } from "./errors";

const DEFAULT_MAX_BYTES = 64 * 1024;

/**
 * Reads a JSON route's body. Only `Content-Type: application/json` is read (415 otherwise): a
 * page on another site cannot send that type without a CORS preflight, which this server never
 * grants. Then a clear 413 past `maxBytes` and 400 when the text is not JSON.
 */
export async function readJsonBody(request: Request, maxBytes = DEFAULT_MAX_BYTES): Promise<unknown> {
  const refusal = jsonTypeRefusal(request.headers.get("content-type"));
  if (refusal) throw new HttpError(415, "unsupported_media_type", refusal);
  const text = await request.text();
  if (text.length > maxBytes) {
    const limit = formatBytes(maxBytes);
    throw new HttpError(413, "body_too_large", `The request body is larger than ${limit}. Nothing was changed.`);
  }
  try {
    return JSON.parse(text);
  } catch {
    throw new HttpError(400, "invalid_json", "The request body is not valid JSON.");
  }
}

function formatBytes(bytes: number): string {
  return bytes >= 1024 * 1024 ? `${Math.round(bytes / (1024 * 1024))} MB` : `${Math.round(bytes / 1024)} KB`;
}
