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

/** The variables that configure the llm reasoner (see lib/server/llm); unset, only the local reasoner exists. */
const LLM_ENV = ["LLM_BASE_URL", "LLM_MODEL", "OPENAI_API_KEY", "ANTHROPIC_API_KEY", "LLM_PROVIDER"];

/** Unsets the llm reasoner's settings for this test file: runs use the local reasoner whatever the shell has. */
export function useLocalReasonerOnly(): void {
  for (const name of LLM_ENV) delete process.env[name];
}
