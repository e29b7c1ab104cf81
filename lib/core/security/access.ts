/**
 * Who may use the app. Bound to loopback (the default, 127.0.0.1) it is private to this machine
 * and needs no token; bound anywhere else it is reachable by others, so every API call and page
 * must carry the token configured in TABLESIGHT_TOKEN. A token, once set, is required on
 * loopback too.
 */
export const TOKEN_COOKIE = "tablesight_token";
export const TOKEN_HEADER = "x-tablesight-token";
export const TOKEN_QUERY = "token";

const LOOPBACK = new Set(["127.0.0.1", "localhost", "::1", "[::1]"]);

/** True when the server binds only this machine's loopback address. */
export function isLoopbackHost(host: string | undefined): boolean {
  return LOOPBACK.has((host ?? "127.0.0.1").trim().toLowerCase());
}

export type AccessPolicy = { tokenRequired: false } | { tokenRequired: true; token: string };

/**
 * The policy for a bind address and configured token; throws when the server would be exposed
 * without one (the start script turns that into a refusal to start).
 */
export function accessPolicy(host: string | undefined, token: string | undefined): AccessPolicy {
  const configured = token?.trim();
  if (configured) {
    if (configured.length < 16) throw new Error("TABLESIGHT_TOKEN must be at least 16 characters long.");
    return { tokenRequired: true, token: configured };
  }
  if (!isLoopbackHost(host)) {
    throw new Error(
      `HOST=${host} makes Tablesight reachable from other machines: set TABLESIGHT_TOKEN to a secret of at least ` +
        `16 characters (or bind HOST=127.0.0.1).`,
    );
  }
  return { tokenRequired: false };
}

/** What a request presents: the bearer or header token, the cookie, or the ?token= of a page link. */
export type PresentedCredentials = {
  authorization?: string | null;
  header?: string | null;
  cookie?: string | null;
  query?: string | null;
};

/** Compares in time independent of where the strings first differ. */
export function sameSecret(a: string, b: string): boolean {
  let diff = a.length ^ b.length;
  for (let i = 0; i < Math.max(a.length, b.length); i++)
    diff |= (a.charCodeAt(i % Math.max(a.length, 1)) || 0) ^ (b.charCodeAt(i % Math.max(b.length, 1)) || 0);
  return diff === 0;
}

/** Whether the presented credentials satisfy the policy, and through which channel. */
export function checkAccess(
  policy: AccessPolicy,
  presented: PresentedCredentials,
): { allowed: boolean; via?: "bearer" | "header" | "cookie" | "query" } {
  if (!policy.tokenRequired) return { allowed: true };
  const bearer = /^Bearer\s+(.+)$/i.exec(presented.authorization ?? "")?.[1]?.trim();
  const candidates: Array<["bearer" | "header" | "cookie" | "query", string | null | undefined]> = [
    ["bearer", bearer],
    ["header", presented.header],
    ["cookie", presented.cookie],
    ["query", presented.query],
  ];
  for (const [via, value] of candidates) if (value && sameSecret(value, policy.token)) return { allowed: true, via };
  return { allowed: false };
}
