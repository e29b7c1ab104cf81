import "server-only";
import { createCipheriv, createDecipheriv, createHash, randomBytes } from "node:crypto";

/** The key stored connection URLs are encrypted with, from TABLESIGHT_SECRET (null when unset). */
function secretKey(): Buffer | null {
  const secret = process.env.TABLESIGHT_SECRET;
  if (!secret) return null;
  return createHash("sha256").update(`tablesight-connections:${secret}`).digest();
}

/** Whether stored credentials can be encrypted here (TABLESIGHT_SECRET is set). */
export function canStoreSecrets(): boolean {
  return secretKey() !== null;
}

/** AES-256-GCM of `text` as "v1.<iv>.<tag>.<ciphertext>" (base64url); throws when there is no key. */
export function encryptSecret(text: string): string {
  const key = secretKey();
  if (!key) throw new Error("TABLESIGHT_SECRET is not set.");
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", key, iv);
  const data = Buffer.concat([cipher.update(text, "utf8"), cipher.final()]);
  return ["v1", iv, cipher.getAuthTag(), data]
    .map((p) => (typeof p === "string" ? p : p.toString("base64url")))
    .join(".");
}

/**
 * The text sealed by encryptSecret; throws a plain message (never the text) when the key is wrong or
 * missing. `what` names the secret in that message (a connection, the language model's API key).
 */
export function decryptSecret(sealed: string, what = "connection"): string {
  const key = secretKey();
  if (!key) throw new Error(`TABLESIGHT_SECRET is not set, so the stored ${what} cannot be opened.`);
  const [version, iv, tag, data] = sealed.split(".");
  if (version !== "v1" || !iv || !tag || !data) throw new Error(`The stored ${what} is not in a known format.`);
  try {
    const decipher = createDecipheriv("aes-256-gcm", key, Buffer.from(iv, "base64url"));
    decipher.setAuthTag(Buffer.from(tag, "base64url"));
    return Buffer.concat([decipher.update(Buffer.from(data, "base64url")), decipher.final()]).toString("utf8");
  } catch {
    throw new Error(`The stored ${what} cannot be opened with this TABLESIGHT_SECRET (was the secret changed?).`);
  }
}
