import "server-only";
import { createHash } from "node:crypto";
import pg from "pg";
import type { ConnectionErrorCode } from "@/lib/core/model/postgres-target";
import { processSingleton } from "@/lib/server/process/singleton";
import { describeTarget, displayOf, passwordOf } from "./target";

/** How long opening a connection may take before the server counts as not answering. */
const CONNECT_MS = 5000;

const { builtins } = pg.types;

// Values come back as the engine writes them: numbers as numbers (as the embedded engine does),
// dates, times and everything else as their text, never reinterpreted by JavaScript.
function parserFor(oid: number): (value: string) => unknown {
  switch (oid) {
    case builtins.OID:
    case builtins.INT2:
    case builtins.INT4:
    case builtins.FLOAT4:
    case builtins.FLOAT8:
    case builtins.NUMERIC:
    case builtins.INT8:
      return (v) => {
        const n = Number(v);
        return Number.isFinite(n) && (oid !== builtins.INT8 || Number.isSafeInteger(n)) ? n : v;
      };
    case builtins.BOOL:
      return (v) => (v === "t" ? "true" : "false");
    case builtins.BYTEA:
      return (v) => `<${Math.max(0, (v.length - 2) / 2)} bytes>`;
    default:
      return (v) => v;
  }
}

const types = { getTypeParser: (oid: number) => parserFor(oid) } as unknown as pg.CustomTypesConfig;

/** A pool of connections to one URL (pools are shared by URL, keyed by its hash, never by its text). */
export function poolFor(url: string): pg.Pool {
  const pools = processSingleton("postgresPools", () => new Map<string, pg.Pool>());
  const key = createHash("sha256").update(url).digest("hex");
  let pool = pools.get(key);
  if (!pool) {
    pool = new pg.Pool({
      connectionString: url,
      max: Math.max(1, Number(process.env.PG_POOL_SIZE) || 3),
      connectionTimeoutMillis: CONNECT_MS,
      idleTimeoutMillis: 30_000,
      // A backstop for a server that stops answering mid-query (statement_timeout needs its answer).
      query_timeout: 120_000,
      keepAlive: true,
      application_name: "tablesight",
      types,
    });
    // An idle connection the server drops must not take the app down; the next query reconnects.
    pool.on("error", () => {});
    pools.set(key, pool);
  }
  return pool;
}

/** Closes every pool (tests, shutdown). */
export async function closePostgresPools(): Promise<void> {
  const pools = processSingleton("postgresPools", () => new Map<string, pg.Pool>());
  const all = [...pools.values()];
  pools.clear();
  await Promise.all(all.map((p) => p.end().catch(() => {})));
}

type PgError = Error & { code?: string; errno?: number; hostname?: string };

/**
 * What went wrong with a connection, in words naming the cause. The password is scrubbed from
 * whatever the driver said, whatever it said.
 */
export function connectionErrorMessage(err: unknown, url: string): { code: ConnectionErrorCode; message: string } {
  const e = (err instanceof Error ? err : new Error(String(err))) as PgError;
  const d = displayOf(url);
  const where = `${d.host}:${d.port}`;
  const said = scrub(e.message, url);
  const out = (code: ConnectionErrorCode, message: string) => ({ code, message: scrub(message, url) });
  switch (e.code) {
    case "28P01":
      return out("auth_failed", `Password authentication failed for user "${d.user}" on ${where}.`);
    case "28000":
      return out("auth_failed", `The server on ${where} refused user "${d.user}": ${said}`);
    case "3D000":
      return out("no_database", `Database "${d.database}" does not exist on ${where}.`);
    case "ENOTFOUND":
    case "EAI_AGAIN":
      return out("unknown_host", `Unknown host "${d.host}": the name does not resolve.`);
    case "ECONNREFUSED":
      return out("refused", `Connection refused at ${where}: no server is listening on that port.`);
    case "EHOSTUNREACH":
    case "ENETUNREACH":
      return out("unreachable", `${where} cannot be reached from this machine.`);
    case "42501":
      return out("no_privilege", `User "${d.user}" may not read this: ${said}`);
  }
  if (/timeout|timed out/i.test(e.message))
    return out("timeout", `${where} did not answer within ${CONNECT_MS / 1000} s (${describeTarget(d)}).`);
  if (/terminated unexpectedly|ECONNRESET/i.test(e.message))
    return out("dropped", `${where} closed the connection before answering: is it a PostgreSQL server?`);
  return out("connect_failed", `Could not use ${describeTarget(d)}: ${said}`);
}

/** The text with the URL's password (raw and URL-encoded) and the URL itself replaced. */
export function scrub(text: string, url: string): string {
  const password = passwordOf(url);
  let out = text.split(url).join("<connection URL>");
  if (password) {
    out = out.split(password).join("***").split(encodeURIComponent(password)).join("***");
  }
  return out;
}
