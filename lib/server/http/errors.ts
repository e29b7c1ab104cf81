import "server-only";
import { ZodError } from "zod";
import { apiAccessDenied } from "./access";
import { errorResponse } from "./errors-body";
import { requestRefusal } from "./request-guard";
import { HttpError } from "./http-error";

export { type ErrorCode, HttpError } from "./http-error";

export { errorResponse } from "./errors-body";

/** Maps any thrown value to an error response; unexpected errors are logged and get a generic 500. */
export function toErrorResponse(err: unknown): Response {
  // ImportError is an HttpError too.
  if (err instanceof HttpError) return errorResponse(err.status, err.code, err.message);
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
