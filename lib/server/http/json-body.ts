import "server-only";
import { MAX_JSON_BODY_BYTES } from "@/lib/core/model/limits";
import { jsonTypeRefusal } from "@/lib/core/security/body-type";
import { formatBytes } from "@/lib/core/util/format-bytes";
import { HttpError } from "./errors";

export type JsonBodyOptions = {
  maxBytes?: number;
  /** The limit's name in lib/core/model/limits.ts, for the 413's message. */
  limitName?: string;
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
  const {
    maxBytes = MAX_JSON_BODY_BYTES,
    limitName = "MAX_JSON_BODY_BYTES",
    label = "The request body",
    suffix = "",
    optional = false,
  } = options;
  const refusal = jsonTypeRefusal(request.headers.get("content-type"));
  if (refusal && !optional) throw new HttpError("unsupported_media_type", refusal, 415);
  const tooLarge = () =>
    new HttpError(
      "body_too_large",
      `${label} is larger than ${formatBytes(maxBytes)} (${limitName}). Nothing was changed.`,
      413,
    );
  if (Number(request.headers.get("content-length") ?? 0) > maxBytes) {
    await request.body?.cancel().catch(() => undefined);
    throw tooLarge();
  }
  const text = await readBounded(request, maxBytes, tooLarge);
  if (optional && !text.trim()) return {};
  if (refusal) throw new HttpError("unsupported_media_type", refusal, 415);
  try {
    return JSON.parse(text);
  } catch {
    throw new HttpError("invalid_json", `${label} is not valid JSON.${suffix}`, 400);
  }
}

/**
 * The body as text, read chunk by chunk and abandoned as soon as it passes `maxBytes`: a body that
 * lies about its length (or sends none) is never held whole.
 */
async function readBounded(request: Request, maxBytes: number, tooLarge: () => Error): Promise<string> {
  if (!request.body) return "";
  const reader = request.body.getReader();
  const decoder = new TextDecoder();
  let bytes = 0;
  let text = "";
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    bytes += value.byteLength;
    if (bytes > maxBytes) {
      await reader.cancel().catch(() => undefined);
      throw tooLarge();
    }
    text += decoder.decode(value, { stream: true });
  }
  return text + decoder.decode();
}
