import "server-only";
import type { ConnectionErrorCode, PostgresTarget } from "@/lib/core/model/postgres-target";
import { decryptSecret, encryptSecret } from "./secrets";

export type { PostgresTarget };

/** A connection input the user got wrong (bad URL, unset variable): a 400 with this message. */
export class ConnectionInputError extends Error {
  constructor(
    readonly code: ConnectionErrorCode,
    message: string,
  ) {
    super(message);
  }
}

const ENV_REF = /^env:([A-Za-z_][A-Za-z0-9_]*)$/;

/** The URL an `env:NAME` reference or a literal points at. */
export function urlOfInput(input: string): string {
  const ref = ENV_REF.exec(input.trim());
  if (!ref) return input.trim();
  const value = process.env[ref[1]];
  if (!value) throw new ConnectionInputError("env_unset", `The environment variable ${ref[1]} is not set.`);
  return value;
}

/** What of a URL may be shown: host, port, database and user; throws (without echoing it) when it is not one. */
export function displayOf(url: string): PostgresTarget["display"] {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new ConnectionInputError(
      "bad_url",
      "The connection is not a URL of the form postgresql://user:password@host:5432/database or env:NAME.",
    );
  }
  if (parsed.protocol !== "postgres:" && parsed.protocol !== "postgresql:")
    throw new ConnectionInputError("bad_url", `The URL's scheme is "${parsed.protocol}"; use postgresql://.`);
  if (!parsed.hostname) throw new ConnectionInputError("bad_url", "The URL names no host.");
  return {
    host: parsed.hostname.replace(/^\[|\]$/g, ""),
    port: Number(parsed.port || 5432),
    database: decodeURIComponent(parsed.pathname.replace(/^\//, "")) || "postgres",
    user: decodeURIComponent(parsed.username) || "postgres",
  };
}

/** The password a URL carries ("" when none), to scrub it from anything said about the connection. */
export function passwordOf(url: string): string {
  try {
    return decodeURIComponent(new URL(url).password);
  } catch {
    return "";
  }
}

/** The stored form of a connection input: env references kept as such, literal URLs encrypted. */
export function sealTarget(input: string, schemas: string[]): PostgresTarget {
  const url = urlOfInput(input);
  const display = displayOf(url);
  if (ENV_REF.test(input.trim())) return { ref: input.trim(), display, schemas };
  return { encrypted: encryptSecret(url), display, schemas };
}

/** The URL to connect with, read from the environment or decrypted. */
export function openTarget(target: PostgresTarget): string {
  if (target.ref) return urlOfInput(target.ref);
  if (target.encrypted) return decryptSecret(target.encrypted);
  throw new Error("The dataset's connection is missing.");
}

/** Says where a connection goes, for messages: user@host:port/database. */
export function describeTarget(d: PostgresTarget["display"]): string {
  return `${d.user}@${d.host}:${d.port}/${d.database}`;
}
