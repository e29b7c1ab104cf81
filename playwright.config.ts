import { defineConfig } from "@playwright/test";
import os from "node:os";
import path from "node:path";

const port = Number(process.env.E2E_PORT ?? 3100);
const dataDir = process.env.E2E_DATA_DIR ?? path.join(os.tmpdir(), `tablesight-e2e-${process.pid}`);
// A second app server for the llm path, configured with an OpenAI-compatible base URL where
// e2e/llm.spec.ts starts its fake model server (e2e/fixtures/fake-llm.ts).
const llmPort = Number(process.env.E2E_LLM_APP_PORT ?? port + 1);
const llmDataDir = process.env.E2E_LLM_DATA_DIR ?? path.join(os.tmpdir(), `tablesight-e2e-llm-${process.pid}`);
const fakeLlmPort = Number(process.env.E2E_LLM_PORT ?? 3199);

export default defineConfig({
  testDir: "e2e",
  timeout: 60_000,
  expect: { timeout: 15_000 },
  fullyParallel: false,
  workers: 1,
  retries: 0,
  reporter: [["list"], ["json", { outputFile: "test-results/e2e.json" }]],
  outputDir: "test-results/artifacts",
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    screenshot: "only-on-failure",
    launchOptions: {
      executablePath: "/usr/bin/chromium",
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--no-first-run",
      ],
    },
  },
  projects: [
    { name: "app", testIgnore: /llm\.spec\.ts$/ },
    { name: "llm", testMatch: /llm\.spec\.ts$/, use: { baseURL: `http://127.0.0.1:${llmPort}` } },
  ],
  webServer: [
    {
      command: `rm -rf ${dataDir} && node scripts/start.mjs`,
      url: `http://127.0.0.1:${port}/api/datasets`,
      timeout: 120_000,
      reuseExistingServer: false,
      env: {
        PORT: String(port),
        HOST: "127.0.0.1",
        DATA_DIR: dataDir,
        NEXT_TELEMETRY_DISABLED: "1",
        // Connection URLs typed in e2e/postgres.spec.ts are stored encrypted with it.
        TABLESIGHT_SECRET: "e2e-only-secret",
      },
    },
    {
      command: `rm -rf ${llmDataDir} && node scripts/start.mjs`,
      url: `http://127.0.0.1:${llmPort}/api/datasets`,
      timeout: 120_000,
      reuseExistingServer: false,
      env: {
        PORT: String(llmPort),
        HOST: "127.0.0.1",
        DATA_DIR: llmDataDir,
        NEXT_TELEMETRY_DISABLED: "1",
        LLM_BASE_URL: `http://127.0.0.1:${fakeLlmPort}/v1`,
        LLM_MODEL: "fake-llm",
        LLM_TIMEOUT_MS: "10000",
        LLM_MAX_RETRIES: "0",
      },
    },
  ],
});
