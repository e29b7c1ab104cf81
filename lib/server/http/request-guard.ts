import "server-only";
import os from "node:os";
import {
  ALLOWED_HOSTS_VARIABLE,
  canonicalAddress,
  isWildcardAddress,
  parseAllowedHosts,
} from "@/lib/core/security/hosts";
import { ALLOWED_ORIGINS_VARIABLE, parseAllowedOrigins } from "@/lib/core/security/origin";
import { refuseRequest, type GuardPolicy, type Refusal } from "@/lib/core/security/request-guard";

/**
 * The host names this server was started on, allowed besides loopback and the listed ones: the
 * HOST it binds, or, bound to every interface (0.0.0.0, ::), each interface's own address. A
 * DNS-rebinding page always arrives under a DNS name, never as one of these addresses; host
 * names (say nas.local) must be listed in TABLESIGHT_ALLOWED_HOSTS.
 */
function boundNames(bindHost: string | undefined): string[] {
  const bound = canonicalAddress(bindHost ?? "127.0.0.1");
  if (!bound) return [];
  if (!isWildcardAddress(bound)) return [bound];
  const addresses = Object.values(os.networkInterfaces()).flatMap((list) => (list ?? []).map((i) => i.address));
  return addresses.map(canonicalAddress).filter((name): name is string => name !== null);
}

/** The guard policy from the environment; throws with a message naming the variable when an entry is malformed. */
export function guardPolicy(env: Record<string, string | undefined> = process.env): GuardPolicy {
  const hosts = parseAllowedHosts(env[ALLOWED_HOSTS_VARIABLE], boundNames(env.HOST));
  if (hosts.invalid.length) {
    throw new Error(
      `${ALLOWED_HOSTS_VARIABLE} has entries that are not host names: ${hosts.invalid.join(", ")} ` +
        "(write names such as tablesight.lan or .example.com, without a scheme).",
    );
  }
  const origins = parseAllowedOrigins(env[ALLOWED_ORIGINS_VARIABLE]);
  if (origins.invalid.length) {
    throw new Error(
      `${ALLOWED_ORIGINS_VARIABLE} has entries that are not origins: ${origins.invalid.join(", ")} ` +
        "(write scheme://host[:port], such as https://tablesight.example.com).",
    );
  }
  return { hosts: hosts.list, origins: origins.origins };
}

type Misconfigured = { status: 503; code: string; message: string };

/** The Host, Origin, Sec-Fetch-Site and body-type check for one request; null when it may go on. */
export function requestRefusal(request: Request, options: { checkBody: boolean }): Refusal | Misconfigured | null {
  let policy: GuardPolicy;
  try {
    policy = guardPolicy();
  } catch (err) {
    return { status: 503, code: "server_misconfigured", message: (err as Error).message };
  }
  const h = request.headers;
  return refuseRequest(
    {
      method: request.method,
      host: h.get("host"),
      origin: h.get("origin"),
      secFetchSite: h.get("sec-fetch-site"),
      contentType: h.get("content-type"),
      contentLength: h.get("content-length"),
      transferEncoding: h.get("transfer-encoding"),
    },
    policy,
    options,
  );
}
