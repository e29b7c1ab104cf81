import "server-only";
import { accessPolicy, checkAccess, TOKEN_COOKIE, TOKEN_HEADER } from "@/lib/core/security/access";
import { errorResponse } from "./errors-body";

function cookieValue(header: string | null, name: string): string | null {
  for (const part of (header ?? "").split(";")) {
    const [key, ...rest] = part.trim().split("=");
    if (key === name) return decodeURIComponent(rest.join("="));
  }
  return null;
}

/**
 * The API's half of the exposure rule (pages are checked in proxy.ts, which must not see API
 * bodies: Next buffers every body a proxy sees, and caps it at 10 MB). Null when the request may
 * go on, else the 401 (or 503 when the server is exposed without a token) to send instead.
 */
export function apiAccessDenied(request: Request): Response | null {
  let policy;
  try {
    policy = accessPolicy(process.env.HOST, process.env.TABLESIGHT_TOKEN);
  } catch (err) {
    return errorResponse(503, "server_misconfigured", (err as Error).message);
  }
  const access = checkAccess(policy, {
    authorization: request.headers.get("authorization"),
    header: request.headers.get(TOKEN_HEADER),
    cookie: cookieValue(request.headers.get("cookie"), TOKEN_COOKIE),
  });
  return access.allowed
    ? null
    : errorResponse(
        401,
        "unauthorized",
        'This server requires its access token: send "Authorization: Bearer <token>" (the value of TABLESIGHT_TOKEN).',
      );
}
