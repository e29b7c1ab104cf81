import { statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { useTempDataDir } from "@/lib/server/testing/temp-data-dir";
import { ensureSecret, SECRET_FILE_NAME } from "./secret-file";
import { canStoreSecrets, decryptSecret, encryptSecret } from "./postgres/secrets";

const dataDir = useTempDataDir();
const file = path.join(dataDir, SECRET_FILE_NAME);
afterEach(() => {
  delete process.env.TABLESIGHT_SECRET;
});

describe("the secret on first start", () => {
  it("is generated once, random, kept in the data folder with mode 0600, and reused afterwards", () => {
    delete process.env.TABLESIGHT_SECRET;
    expect(canStoreSecrets()).toBe(false);
    expect(ensureSecret()).toBe("generated");
    const first = process.env.TABLESIGHT_SECRET ?? "";
    expect(first.length).toBeGreaterThanOrEqual(40);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    const sealed = encryptSecret("sk-key");
    delete process.env.TABLESIGHT_SECRET; // a restart
    expect(ensureSecret()).toBe("file");
    expect(process.env.TABLESIGHT_SECRET).toBe(first);
    expect(decryptSecret(sealed)).toBe("sk-key");
  });

  it("gives way to TABLESIGHT_SECRET from the environment", () => {
    process.env.TABLESIGHT_SECRET = "from-the-environment";
    expect(ensureSecret()).toBe("environment");
    expect(process.env.TABLESIGHT_SECRET).toBe("from-the-environment");
  });

  it("tightens a kept file that others could read", () => {
    writeFileSync(file, "kept-secret-value\n", { mode: 0o644 });
    expect(ensureSecret()).toBe("file");
    expect(process.env.TABLESIGHT_SECRET).toBe("kept-secret-value");
    expect(statSync(file).mode & 0o777).toBe(0o600);
  });
});
