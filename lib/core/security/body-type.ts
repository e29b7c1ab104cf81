/**
 * Which request bodies the API reads. A cross-site page can send text/plain, form-encoded and
 * multipart bodies without a CORS preflight, but not application/json. So JSON routes accept only
 * `Content-Type: application/json` (a foreign page cannot send that without the server's consent),
 * and multipart uploads, which a foreign page can send, are left to the origin rule.
 */

const JSON_TYPE = "application/json";
export const MULTIPART_TYPE = "multipart/form-data";

/** The media type of a Content-Type header, lower-cased, without parameters; null when absent or empty. */
export function mediaType(contentType: string | null | undefined): string | null {
  const type = (contentType ?? "").split(";")[0]!.trim().toLowerCase();
  return type || null;
}

/** The framing headers that say whether a request carries a body. */
export type BodyHeaders = { contentType: string | null; contentLength: string | null; transferEncoding: string | null };

/** True when the request declares a body: a Content-Type, a non-zero Content-Length, or a chunked body. */
function declaresBody(headers: BodyHeaders): boolean {
  if (mediaType(headers.contentType)) return true;
  if (headers.transferEncoding?.trim()) return true;
  const length = headers.contentLength?.trim();
  return length !== undefined && length !== "" && length !== "0";
}

/**
 * Null when a state-changing request's body is one the API reads (none, JSON or multipart); else
 * why not. A body without any Content-Type counts as unreadable: browsers send a typeless Blob
 * cross-site without a preflight.
 */
export function bodyTypeRefusal(headers: BodyHeaders): string | null {
  if (!declaresBody(headers)) return null;
  const type = mediaType(headers.contentType);
  if (type === JSON_TYPE || type === MULTIPART_TYPE) return null;
  const what = type ? `A ${type} body` : "A body without a Content-Type";
  return (
    `${what} is not accepted: send JSON with "Content-Type: ${JSON_TYPE}" (file ` +
    `uploads: ${MULTIPART_TYPE}). Nothing was changed.`
  );
}

/** Null when a JSON route's request says it is JSON; else the message for the 415. */
export function jsonTypeRefusal(contentType: string | null | undefined): string | null {
  const type = mediaType(contentType);
  if (type === JSON_TYPE) return null;
  const was = type ? ` (it was ${type})` : "";
  return `This request needs a JSON body with "Content-Type: ${JSON_TYPE}"${was}. Nothing was changed.`;
}
