import "server-only";
import { chmodSync, mkdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { randomBytes } from "node:crypto";
import path from "node:path";
import { config } from "@/lib/server/config";

/** The file in the data folder that keeps the secret generated on first start (mode 0600). */
export const SECRET_FILE_NAME = "secret";

export type SecretSource = "environment" | "file" | "generated" | "none";

/**
 * Makes sure TABLESIGHT_SECRET is set for this process and its threads (stored connection URLs and
 * the saved model's key are sealed with it): the environment's when set (it always wins), else the
 * one kept in `<data folder>/secret`, else a new random one written there on first start, readable
 * by the server's user only. "none" when the data folder cannot be written (a note in the log).
 */
export function ensureSecret(): SecretSource {
  if (process.env.TABLESIGHT_SECRET) return "environment";
  const file = path.join(config.dataDir, SECRET_FILE_NAME);
  try {
    const kept = readSecret(file);
    if (kept) {
      process.env.TABLESIGHT_SECRET = kept;
      return "file";
    }
    mkdirSync(config.dataDir, { recursive: true });
    const secret = randomBytes(32).toString("base64url");
    try {
      writeFileSync(file, `${secret}\n`, { mode: 0o600, flag: "wx" });
    } catch (err) {
      // Another process of this installation wrote it first: use theirs.
      if ((err as NodeJS.ErrnoException).code !== "EEXIST") throw err;
      const theirs = readSecret(file);
      if (!theirs) throw err;
      process.env.TABLESIGHT_SECRET = theirs;
      return "file";
    }
    process.env.TABLESIGHT_SECRET = secret;
    return "generated";
  } catch (err) {
    console.warn(
      `[tablesight] could not keep a secret in ${file} (${(err as Error).message}); set TABLESIGHT_SECRET to store ` +
        "connection passwords and model keys.",
    );
    return "none";
  }
}

/** The secret a file keeps (its mode tightened to 0600 if it was looser), or null when there is none. */
function readSecret(file: string): string | null {
  let text: string;
  try {
    text = readFileSync(file, "utf8").trim();
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === "ENOENT") return null;
    throw err;
  }
  if ((statSync(file).mode & 0o077) !== 0) chmodSync(file, 0o600);
  return text || null;
}
