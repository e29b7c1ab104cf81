import fs from "node:fs";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { E2E_BASE_PORT, freshDataDir, startApp, type AppProcess } from "./fixtures/app-process";

// Issue 13: three files that stopped or held the server. Each is uploaded to a server of its own
// while GET / and GET /api/datasets are probed every 250 ms; every probe must answer within one
// second, during the upload and for a while after it (when indexing of the file runs).
test.describe.configure({ timeout: 180_000 });

const PORT = E2E_BASE_PORT + 5;
const CORPUS = path.join(process.cwd(), "lib/server/ingest/corpus/files");
const PROBE_LIMIT_MS = 1000;
const AFTER_UPLOAD_MS = 8000;

type Probe = { url: string; ms: number; ok: boolean; at: number; phase: string };
/** What the test is doing while a probe runs, so a slow probe says when it happened. */
const phase = { now: "upload" };

/**
 * Probes GET / and GET /api/datasets in turn until `stop` resolves; a probe that does not answer within a second is a
 * failure.
 */
async function probeWhile(app: AppProcess, stop: Promise<unknown>): Promise<Probe[]> {
  const probes: Probe[] = [];
  const t0 = Date.now();
  let done = false;
  void stop.finally(() => (done = true));
  while (!done) {
    for (const url of [`${app.url}/`, `${app.url}/api/datasets`]) {
      const start = Date.now();
      const ok = await fetch(url, { signal: AbortSignal.timeout(PROBE_LIMIT_MS) }).then(
        (r) => r.status < 500,
        () => false,
      );
      probes.push({ url, ms: Date.now() - start, ok, at: start - t0, phase: phase.now });
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  return probes;
}

async function upload(
  app: AppProcess,
  file: string,
): Promise<{
  status: number;
  body: {
    id?: string;
    tables?: Array<{
      name: string;
      isView: boolean;
      rowCount: number;
      rowCountCut: boolean;
      columns: Array<{ name: string }>;
    }>;
  };
}> {
  const form = new FormData();
  form.append("files", new Blob([fs.readFileSync(path.join(CORPUS, file))]), file);
  const res = await fetch(`${app.url}/api/datasets`, {
    method: "POST",
    body: form,
    signal: AbortSignal.timeout(60_000),
  });
  return { status: res.status, body: await res.json() };
}

async function warmUp(app: AppProcess): Promise<void> {
  const form = new FormData();
  form.append("files", new Blob(["city,population\nFresno,542107\nClovis,120124\n"]), "warm.csv");
  const { id } = await (await fetch(`${app.url}/api/datasets`, { method: "POST", body: form })).json();
  await fetch(`${app.url}/api/datasets/${id}/ask`, {
    method: "POST",
    headers: { accept: "application/json", "content-type": "application/json" },
    body: JSON.stringify({ question: "What is the population of Fresno?" }),
  });
  for (let i = 0; i < 120; i++) {
    const index = (await (await fetch(`${app.url}/api/datasets/${id}`)).json()).index;
    if (index?.status === "ready" || index?.status === "failed") return;
    await new Promise((r) => setTimeout(r, 250));
  }
}

type Tables = NonNullable<Awaited<ReturnType<typeof upload>>["body"]["tables"]>;

/** The view answers: a grid page of it, and a question over the dataset that streams to its end. */
async function viewAnswers(app: AppProcess, id: string, view: string, question: string): Promise<void> {
  phase.now = "grid page";
  const page = await fetch(`${app.url}/api/datasets/${id}/tables/${view}/rows?limit=50`, {
    signal: AbortSignal.timeout(30_000),
  });
  expect(page.status).toBe(200);
  expect(await page.json()).toMatchObject({ totalCut: true, rows: expect.arrayContaining([expect.anything()]) });
  phase.now = "ask";
  const asked = await fetch(`${app.url}/api/datasets/${id}/ask`, {
    method: "POST",
    headers: { accept: "application/json", "content-type": "application/json" },
    body: JSON.stringify({ question }),
    signal: AbortSignal.timeout(60_000),
  });
  expect(asked.status, await asked.clone().text()).toBe(200);
  phase.now = "after";
}

const FILES: Array<{ file: string; check: (tables: Tables, app: AppProcess, id: string) => Promise<void> | void }> = [
  {
    file: "recursive-view.sqlite",
    check: async (tables, app, id) => {
      expect(tables.find((t) => t.name === "forever")).toMatchObject({ isView: true, rowCountCut: true });
      await viewAnswers(app, id, "forever", "What is the largest x in forever?");
    },
  },
  {
    file: "cartesian-view.sqlite",
    check: async (tables, app, id) => {
      expect(tables.find((t) => t.name === "boom")).toMatchObject({ isView: true, rowCountCut: true });
      await viewAnswers(app, id, "boom", "How many rows are in boom?");
    },
  },
  {
    file: "utf32le-bom.csv",
    check: (tables) => expect(tables[0].columns.map((c) => c.name)).toEqual(["name", "city"]),
  },
];

for (const { file, check } of FILES) {
  test(`${file}: the server answers within a second during and after the upload`, async () => {
    const app = await startApp({ port: PORT, dataDir: freshDataDir("hostile"), env: { SEED_SAMPLE: "0" } });
    try {
      // Warm both routes, indexing and the reasoner on a small file, so one-time start-up work
      // (first render, loading the reasoner's models) is not counted against the hostile file.
      for (const url of [`${app.url}/`, `${app.url}/api/datasets`]) await fetch(url);
      await warmUp(app);
      phase.now = "upload";
      const uploaded = upload(app, file).catch((err: Error) => ({
        status: 0,
        body: { error: err.message } as Awaited<ReturnType<typeof upload>>["body"],
      }));
      // During the upload, then while the file is indexed, browsed and asked about.
      const used = uploaded.then(async (result) => {
        phase.now = "after";
        const pause = new Promise((r) => setTimeout(r, AFTER_UPLOAD_MS));
        if (result.status === 201) await check(result.body.tables ?? [], app, result.body.id!);
        await pause;
      });
      const probes = await probeWhile(
        app,
        used.catch(() => undefined),
      );
      const result = await uploaded;
      const slow = probes.filter((p) => !p.ok || p.ms > PROBE_LIMIT_MS);
      expect(slow, `probes slower than ${PROBE_LIMIT_MS} ms (of ${probes.length})`).toEqual([]);
      expect(result.status, JSON.stringify(result.body).slice(0, 300)).toBe(201);
      await used;
    } finally {
      await app.kill("SIGKILL");
    }
  });
}
