import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import Database from "libsql";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TraceEvent } from "@/lib/core/trace";
import { useLocalReasonerOnly, useTempDataDir } from "@/lib/server/testing/temp-data-dir";

const dataDir = useTempDataDir();
useLocalReasonerOnly();
process.env.AUTO_INDEX = "0";
process.env.GRID_QUERY_MS = "4000";

const { importDataset } = await import("@/lib/server/ingest/import-dataset");
const { runIndexing } = await import("@/lib/server/index/pipeline");
const { datasetLoadCount } = await import("@/lib/server/stores/datasets");
const { onPoolRunEnd } = await import("@/lib/server/runs/method.task");
const { POST: askRoute } = await import("@/app/api/datasets/[id]/ask/route");
const { GET: rowsRoute } = await import("@/app/api/datasets/[id]/tables/[table]/rows/route");
const { closeSqlPool } = await import("@/lib/server/sql");
const { closeThreadPools } = await import("./thread-pools");
const { closeAppDb } = await import("@/lib/server/db/app-db");

let datasetId = "";

beforeAll(async () => {
  // 2,000 readings, and a view of every triple of them (8 billion rows): counting it never ends.
  const file = path.join(dataDir, "sensors.sqlite");
  const db = new Database(file);
  db.exec(
    "CREATE TABLE readings (id INTEGER PRIMARY KEY, sensor TEXT, value REAL); WITH RECURSIVE s(i) AS " +
      "(SELECT 1 UNION ALL SELECT i + 1 FROM s WHERE i < 2000) INSERT INTO readings SELECT i, 'sensor ' || (i % 7), " +
      "i * 0.5 FROM s; CREATE VIEW combinations AS SELECT a.id AS first, b.id AS second, c.id AS third " +
      "FROM readings a, readings b, readings c;",
  );
  db.close();
  datasetId = (await importDataset([{ originalName: "sensors.sqlite", path: file, size: 1 }])).id;
  await runIndexing(datasetId);
}, 180_000);

afterAll(async () => {
  await closeThreadPools();
  await closeSqlPool();
  await closeAppDb();
});

function ask(question: string, signal?: AbortSignal): Promise<Response> {
  return askRoute(
    new Request(`http://test/api/datasets/${datasetId}/ask`, {
      method: "POST",
      body: JSON.stringify({ question, method: "fgtr" }),
      headers: { "content-type": "application/json", accept: "application/json" },
      signal,
    }),
    { params: Promise.resolve({ id: datasetId }) } as never,
  );
}

/** CPU time (ms) of each SQL worker process this test process started (children running tinypool's entry). */
function sqlProcessesCpu(): Map<number, number> {
  const out = new Map<number, number>();
  const tick = 10; // ms per clock tick (CLK_TCK = 100 on Linux)
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, "utf8");
      const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      if (Number(fields[1]) !== process.pid) continue;
      if (!readFileSync(`/proc/${entry}/cmdline`, "utf8").includes("tinypool")) continue;
      out.set(Number(entry), (Number(fields[11]) + Number(fields[12])) * tick);
    } catch {
      // the process ended meanwhile
    }
  }
  return out;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Waits until one SQL process has been busy for `ms`; returns its pid. */
async function busySqlProcess(ms: number, timeoutMs: number): Promise<number> {
  const since = new Map<number, { cpu: number; at: number }>();
  for (const end = performance.now() + timeoutMs; performance.now() < end; await sleep(50)) {
    for (const [pid, cpu] of sqlProcessesCpu()) {
      const first = since.get(pid);
      if (!first) since.set(pid, { cpu, at: performance.now() });
      else if (cpu - first.cpu >= ms * 0.6 && performance.now() - first.at >= ms) return pid;
    }
  }
  throw new Error("no SQL process got busy");
}

/** Milliseconds until the process stops using CPU (two samples 150 ms apart without progress) or ends. */
async function msUntilIdle(pid: number, from: number): Promise<number> {
  let last = sqlProcessesCpu().get(pid);
  for (;;) {
    await sleep(150);
    const now = sqlProcessesCpu().get(pid);
    if (now === undefined || now === last) return performance.now() - from - 150;
    last = now;
    if (performance.now() - from > 10_000) return Number.POSITIVE_INFINITY;
  }
}

describe("questions on the worker pool", () => {
  it("load their dataset once per question, on the main thread and none in the worker", async () => {
    const worker: number[] = [];
    const stop = onPoolRunEnd((_, end) => worker.push(end.datasetLoads));
    const before = datasetLoadCount();
    const res = await ask("What is the average value of the readings?");
    const body = (await res.json()) as { ok: boolean; events: TraceEvent[] };
    stop();
    expect(body.ok).toBe(true);
    // Several statements and the verdict ran, each of which used to load the dataset again.
    expect(body.events.filter((e) => e.type === "sql").length).toBeGreaterThanOrEqual(2);
    expect(datasetLoadCount() - before + worker.reduce((a, b) => a + b, 0)).toBe(1);
  }, 120_000);

  it("cancelled mid-SQL on a slow query, stops the statement within 1 s", async () => {
    const client = new AbortController();
    const answered = ask("How many combinations are there?", client.signal);
    const pid = await busySqlProcess(300, 60_000); // counting the 8-billion-row view
    const cancelledAt = performance.now();
    client.abort();
    expect(await msUntilIdle(pid, cancelledAt)).toBeLessThanOrEqual(1000);
    const body = (await (await answered).json()) as { ok: boolean; error: { code: string } };
    expect(body).toMatchObject({ ok: false, error: { code: "cancelled" } });
  }, 120_000);

  it("never wait behind slow grid reads (each kind of work has its own budget)", async () => {
    const question = "What is the average value of the readings?";
    const alone = performance.now();
    await (await ask(question)).json();
    const aloneMs = performance.now() - alone;
    const url = `http://test/api/datasets/${datasetId}/tables/combinations/rows?sort=first&dir=desc`;
    const ctx = { params: Promise.resolve({ id: datasetId, table: "combinations" }) } as never;
    const reads = Array.from({ length: 20 }, () => rowsRoute(new Request(url), ctx).then((r) => r.status));
    await sleep(300); // the grid's processes are sorting 8 billion rows now
    const loaded = performance.now();
    const body = (await (await ask(question)).json()) as { ok: boolean; events: TraceEvent[] };
    const loadedMs = performance.now() - loaded;
    expect(body.ok).toBe(true);
    // No statement of the question waited for a grid process: each took well under one grid read's limit.
    const sqlMs = body.events.flatMap((e) => (e.type === "sql" ? [e.ms] : []));
    expect(Math.max(...sqlMs)).toBeLessThan(2000);
    expect(loadedMs).toBeLessThan(aloneMs + 4000);
    expect((await Promise.all(reads)).every((s) => s === 200 || s === 504)).toBe(true);
  }, 180_000);
});
