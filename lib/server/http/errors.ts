import "server-only";
import { ZodError } from "zod";
import { apiAccessDenied } from "./access";
import { errorResponse } from "./errors-body";
import { requestRefusal } from "./request-guard";
import { HttpError } from "./http-error";

export { type ErrorCode, HttpError } from "./http-error";

/** Whether an error (or its cause) is SQLite's "database is locked" (SQLITE_BUSY, SQLITE_LOCKED). */
export function isBusyError(err: unknown): boolean {
  for (let e = err, depth = 0; e && typeof e === "object" && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    const { code, message } = e as { code?: unknown; message?: unknown };
    if (typeof code === "string" && /^SQLITE_(BUSY|LOCKED)/.test(code)) return true;
    if (typeof message === "string" && /database (table )?is locked|SQLITE_BUSY/i.test(message)) return true;
  }
  return false;
}

/** What a request that met a busy database gets: 409, to try again (nothing was changed). */
export function busyError(): HttpError {
  return new HttpError(
    "database_busy",
    "The database is busy with another change to the same data; nothing was changed. Try again in a moment.",
    409,
  );
}

/** Maps any thrown value to an error response; unexpected errors are logged and get a generic 500. */
export function toErrorResponse(err: unknown): Response {
  // ImportError is an HttpError too.
  if (err instanceof HttpError) return errorResponse(err.status, err.code, err.message);
  if (isBusyError(err)) {
    const busy = busyError();
    return errorResponse(busy.status, busy.code, busy.message);
  }
  if (err instanceof ZodError) {
    const issue = err.issues[0];
    const where = issue?.path.length ? ` (${issue.path.join(".")})` : "";
    return errorResponse(400, "invalid_request", `${issue?.message ?? "Invalid request"}${where}.`);
  }
  console.error(err);
  return errorResponse(
    500,
    "internal_error",
    "Something went wrong on the server; nothing was changed. Details are in the server log.",
  );
}

const guarded = new WeakSet<object>();

/** True for a function made by handle(): the route-walking test checks every API export with it. */
export function isGuardedHandler(value: unknown): boolean {
  return typeof value === "function" && guarded.has(value);
}

/**
 * Wraps a route handler; every API route is one. Before any work it refuses what the security
 * rules refuse (lib/server/http/request-guard.ts: a Host that is not this server, a change sent
 * from another site, a body type the API does not read) and checks the access token when one is
 * required; every failure becomes a JSON error.
 */
export function handle<A extends unknown[]>(fn: (...args: A) => Promise<Response>): (...args: A) => Promise<Response> {
  const wrapped = async (...args: A) => {
    if (args[0] instanceof Request) {
      const refusal = requestRefusal(args[0], { checkBody: true });
      if (refusal) return errorResponse(refusal.status, refusal.code, refusal.message);
      const denied = apiAccessDenied(args[0]);
      if (denied) return denied;
    }
    try {
      return await fn(...args);
    } catch (err) {
      return toErrorResponse(err);
    }
  };
  guarded.add(wrapped);
  return wrapped;
}
