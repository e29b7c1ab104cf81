import "server-only";
import { jsonTypeRefusal } from "@/lib/core/security/body-type";
import { formatBytes } from "@/lib/core/util/format-bytes";
import { HttpError } from "./errors";

/** The largest ordinary JSON request body (a question, an edge, a rename). */
export const MAX_JSON_BODY_BYTES = 64 * 1024;

export type JsonBodyOptions = {
  maxBytes?: number;
  /** What the body is, for the messages ("The import file"). */
  label?: string;
  /** Added to the invalid-JSON message, e.g. " Nothing was changed." */
  suffix?: string;
  /** An empty body reads as `{}` instead of failing as invalid JSON. */
  optional?: boolean;
};

/**
 * The one JSON-body reader of the routes. Only `Content-Type: application/json` is read (415
 * otherwise): a page on another site cannot send that type without a CORS preflight, which this
 * server never grants. Then a clear 413 past `maxBytes` and a 400 `invalid_json` when the text
 * does not parse. Validate the result with the route's zod schema.
 */
export async function readJsonBody(request: Request, options: JsonBodyOptions = {}): Promise<unknown> {
  const { maxBytes = MAX_JSON_BODY_BYTES, label = "The request body", suffix = "", optional = false } = options;
  const text = await request.text();
  if (optional && !text.trim()) return {};
  const refusal = jsonTypeRefusal(request.headers.get("content-type"));
  if (refusal) throw new HttpError("unsupported_media_type", refusal, 415);
  if (text.length > maxBytes) {
    throw new HttpError(
      "body_too_large",
      `${label} is larger than ${formatBytes(maxBytes)}. Nothing was changed.`,
      413,
    );
  }
  try {
    return JSON.parse(text);
  } catch {
    throw new HttpError("invalid_json", `${label} is not valid JSON.${suffix}`, 400);
  }
}
