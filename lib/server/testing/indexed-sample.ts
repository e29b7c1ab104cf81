/**
 * Test support (not shipped): the sample dataset imported and indexed into the test file's data
 * folder before its tests, and the app's SQL pool and database closed after them. Server modules
 * are loaded inside the hooks, so they read the data folder the test file set first.
 */
import { statSync } from "node:fs";
import { mkdtemp } from "node:fs/promises";
import path from "node:path";
import { afterAll, beforeAll } from "vitest";

/** Registers the hooks; `onReady` receives the sample's dataset id once it is indexed. */
export function useIndexedSample(dataDir: string, onReady: (datasetId: string) => void): void {
  beforeAll(async () => {
    const { importDataset } = await import("@/lib/server/ingest/import-dataset");
    const { runIndexing } = await import("@/lib/server/index/pipeline");
    const { buildSampleFiles } = await import("@/lib/server/sample/build-sample");
    const dir = await mkdtemp(path.join(dataDir, "sample-"));
    const files = await buildSampleFiles(dir);
    const sample = await importDataset(
      files.map((f) => ({ originalName: f.name, path: f.path, size: statSync(f.path).size })),
      { name: "sample" },
    );
    await runIndexing(sample.id);
    onReady(sample.id);
  }, 180_000);
  afterAll(async () => {
    const { closeSqlPool } = await import("@/lib/server/sql");
    const { closeAppDb } = await import("@/lib/server/db/app-db");
    closeSqlPool();
    await closeAppDb();
  });
}
