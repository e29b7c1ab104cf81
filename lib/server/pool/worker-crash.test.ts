import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { useTempDataDir } from "@/lib/server/testing/temp-data-dir";

const dataDir = useTempDataDir();
const esbuild = await import("esbuild");
const { createThreadPool } = await import("./thread-pools");
const { runTask, WorkerCrashedError } = await import("./run-task");
const { executeRun } = await import("@/lib/server/runs/execute-run");
const { importDataset } = await import("@/lib/server/ingest/import-dataset");
const { getRun } = await import("@/lib/server/stores/runs");
const { closeAppDb } = await import("@/lib/server/db/app-db");

type Pool = ReturnType<typeof createThreadPool>;
let pool: Pool;
let datasetId = "";

beforeAll(async () => {
  // The test's own entry, bundled the way the app's entries are, run by the app's pool factory.
  const out = mkdtempSync(path.join(os.tmpdir(), "tablesight-alloc-worker-"));
  await esbuild.build({
    entryPoints: [path.join(import.meta.dirname, "testing/alloc-worker.ts")],
    outfile: path.join(out, "alloc-worker.mjs"),
    bundle: true,
    platform: "node",
    format: "esm",
  });
  pool = createThreadPool({ name: "test", filename: path.join(out, "alloc-worker.mjs"), size: 1, heapMb: 48 });
  const csv = path.join(dataDir, "t.csv");
  (await import("node:fs")).writeFileSync(csv, "a,b\n1,x\n2,y\n");
  datasetId = (await importDataset([{ originalName: "t.csv", path: csv, size: 12 }])).id;
}, 60_000);

afterAll(async () => {
  await pool.destroy();
  await closeAppDb();
});

const task = (kind: "alloc" | "id") => ({ kind: kind as never }) as never;

describe("a worker thread that runs out of memory", () => {
  it("loses its task with a clear message, and the pool replaces it", async () => {
    const before = (await runTask(pool, task("id"))) as unknown as { threadId: number };
    const lost = await runTask(pool, task("alloc")).then(
      () => null,
      (err: unknown) => err,
    );
    expect(lost).toBeInstanceOf(WorkerCrashedError);
    expect(lost).toMatchObject({ code: "worker_out_of_memory" });
    expect((lost as Error).message).toMatch(/ran out of memory \(its limit is 48 MB, WORKER_HEAP_MB\).*lost/);
    const after = (await runTask(pool, task("id"))) as unknown as { threadId: number };
    expect(after.threadId).not.toBe(before.threadId); // a new thread took the next task
  }, 60_000);

  it("fails the question it ran with that message; the run is stored as failed, the app goes on", async () => {
    const spec = { datasetId, question: "How many?", method: "fgtr", reasoner: "local" as const, params: {} };
    const outcome = await executeRun(spec, async (_sink, { signal }) => {
      await runTask(pool, task("alloc"), { signal });
      throw new Error("unreachable");
    });
    expect(outcome.ok).toBe(false);
    expect(outcome.error).toMatchObject({ code: "worker_out_of_memory" });
    expect(outcome.events.at(-1)).toMatchObject({ type: "run-end", ok: false });
    const stored = await getRun(outcome.runId);
    expect(stored).toMatchObject({ status: "failed" });
    expect(stored?.error).toMatch(/ran out of memory/);
    expect(((await runTask(pool, task("id"))) as unknown as { ok: boolean }).ok).toBe(true);
  }, 60_000);
});
