import { spawn } from "node:child_process";
import { writeFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { TraceEvent } from "@/lib/core/trace";
import { useTempDataDir } from "@/lib/server/testing/temp-data-dir";

const dataDir = useTempDataDir();
// The event store can be made to fail, as a full disk would.
let storeFails = false;
vi.mock("@/lib/server/stores/runs", async (original) => {
  const real = await original<typeof import("@/lib/server/stores/runs")>();
  return {
    ...real,
    appendRunEvents: async (batches: Array<{ runId: string; events: readonly TraceEvent[] }>) => {
      if (storeFails) throw new Error("disk full");
      return real.appendRunEvents(batches);
    },
  };
});
const { importDataset } = await import("@/lib/server/ingest/import-dataset");
const { executeRun } = await import("./execute-run");
const { streamRun } = await import("./stream-run");
const { markInterruptedRuns, getRun, INTERRUPTED_MESSAGE } = await import("@/lib/server/stores/runs");
const { GET: runRoute } = await import("@/app/api/runs/[id]/route");
const { closeAppDb } = await import("@/lib/server/db/app-db");

let datasetId = "";
const spec = () => ({ datasetId, question: "How many?", method: "fgtr", reasoner: "local" as const, params: {} });

beforeAll(async () => {
  const csv = path.join(dataDir, "t.csv");
  writeFileSync(csv, "a,b\n1,x\n2,y\n");
  datasetId = (await importDataset([{ originalName: "t.csv", path: csv, size: 12 }])).id;
}, 60_000);
afterAll(() => closeAppDb());

const id = () => datasetId;

/** Starts a process that holds a run in flight, and kills it (SIGKILL) once the run is stored as running. */
async function crashMidRun(): Promise<string> {
  const child = spawn(
    process.execPath,
    ["--conditions=react-server", "--import", "tsx", path.join(import.meta.dirname, "testing/hold-a-run.mts"), id()],
    { env: { ...process.env, DATA_DIR: dataDir }, stdio: ["ignore", "pipe", "inherit"] },
  );
  const runId = await new Promise<string>((resolve, reject) => {
    child.stdout.on("data", (b: Buffer) => resolve(JSON.parse(b.toString()).runId));
    child.on("exit", (code) => reject(new Error(`the process ended (${code}) before its run started`)));
  });
  child.kill("SIGKILL");
  await new Promise((r) => child.once("exit", r));
  return runId;
}

describe("runs in flight at a crash", () => {
  it("are marked interrupted at start, with a message, and the API says so", async () => {
    const runId = await crashMidRun();
    expect(await getRun(runId)).toMatchObject({ status: "running" }); // what the crash left
    expect(await markInterruptedRuns()).toBeGreaterThanOrEqual(1); // the server's start
    const res = await runRoute(new Request("http://test"), { params: Promise.resolve({ id: runId }) } as never);
    expect(await res.json()).toMatchObject({ id: runId, status: "interrupted", error: INTERRUPTED_MESSAGE });
    expect(await markInterruptedRuns()).toBe(0);
  }, 60_000);
});

describe("a run whose stream ended", () => {
  it("is never left running when its client goes away mid-run", async () => {
    const client = new AbortController();
    const request = new Request("http://test", { method: "POST", signal: client.signal });
    let runId = "";
    let started!: () => void;
    const running = new Promise<void>((r) => (started = r));
    const res = await streamRun(request, spec(), (sink, { signal }) => {
      sink.emit({ type: "warning", message: "working" });
      started();
      return new Promise((_, reject) => signal.addEventListener("abort", () => reject(new Error("stopped"))));
    });
    const reader = res.body!.getReader();
    let text = "";
    while (!/"runId":"([^"]+)"/.test(text)) text += new TextDecoder().decode((await reader.read()).value);
    runId = /"runId":"([^"]+)"/.exec(text)![1];
    await running;
    client.abort();
    await reader.cancel().catch(() => undefined);
    await expect.poll(async () => (await getRun(runId))?.status, { timeout: 10_000 }).toBe("failed");
    expect((await getRun(runId))?.error).toMatch(/cancelled/);
  }, 30_000);

  it("is finished even when its events could not be stored", async () => {
    storeFails = true;
    try {
      const outcome = await executeRun(spec(), async (sink) => {
        sink.emit({ type: "warning", message: "working" });
        return { text: "2", values: [2], evidence: [] };
      });
      expect(outcome.saved).toBe(false);
      expect(await getRun(outcome.runId)).toMatchObject({ status: "done", answer: { text: "2" } });
    } finally {
      storeFails = false;
    }
  });
});
