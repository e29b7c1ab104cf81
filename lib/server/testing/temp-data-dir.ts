import fs from "node:fs";
import os from "node:os";
import path from "node:path";

/** Points DATA_DIR at a fresh temporary directory for this test file (config is read lazily). */
export function useTempDataDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "tablesight-data-"));
  process.env.DATA_DIR = dir;
  delete process.env.DATABASE_URL;
  process.env.SEED_SAMPLE = "0";
  return dir;
}
