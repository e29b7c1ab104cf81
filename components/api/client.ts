/** Error carrying the message the server chose for the user (`{error: {code, message}}`). */
export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly code?: string,
  ) {
    super(message);
    this.name = "ApiError";
  }
}

export function isAbort(err: unknown): boolean {
  return err instanceof DOMException && err.name === "AbortError";
}

/** Builds an ApiError from a response body, falling back to the HTTP status when the body has no message. */
export function errorFromBody(body: unknown, status: number, statusText = ""): ApiError {
  const error = (body as { error?: { code?: unknown; message?: unknown } } | null)?.error;
  if (error && typeof error.message === "string" && error.message) {
    return new ApiError(error.message, status, typeof error.code === "string" ? error.code : undefined);
  }
  return new ApiError(`The server answered ${status}${statusText ? ` ${statusText}` : ""}.`, status);
}

export function parseJson(text: string): unknown {
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

export async function apiFetch<T>(url: string, init: RequestInit = {}): Promise<T> {
  let res: Response;
  try {
    res = await fetch(url, { ...init, headers: { accept: "application/json", ...init.headers } });
  } catch (err) {
    if (isAbort(err)) throw err;
    throw new ApiError("Could not reach the Tablesight server. Check that it is running.", 0);
  }
  if (res.status === 204) return undefined as T;
  const body = parseJson(await res.text());
  if (!res.ok) throw errorFromBody(body, res.status, res.statusText);
  if (body === null) throw new ApiError("The server sent a response that is not JSON.", res.status);
  return body as T;
}

export function messageOf(err: unknown): string {
  return err instanceof Error ? err.message : "Something went wrong.";
}

export function jsonBody(value: unknown): RequestInit {
  return { body: JSON.stringify(value), headers: { "content-type": "application/json" } };
}
