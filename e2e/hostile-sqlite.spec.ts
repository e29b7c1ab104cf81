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

type Probe = { url: string; ms: number; ok: boolean };

/** Probes GET / and GET /api/datasets in turn until `stop` resolves; a probe that does not answer within a second is a failure. */
async function probeWhile(app: AppProcess, stop: Promise<unknown>): Promise<Probe[]> {
  const probes: Probe[] = [];
  let done = false;
  void stop.finally(() => (done = true));
  while (!done) {
    for (const url of [`${app.url}/`, `${app.url}/api/datasets`]) {
      const start = Date.now();
      const ok = await fetch(url, { signal: AbortSignal.timeout(PROBE_LIMIT_MS) }).then((r) => r.status < 500, () => false);
      probes.push({ url, ms: Date.now() - start, ok });
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  return probes;
}

async function upload(app: AppProcess, file: string): Promise<{ status: number; body: { tables?: Array<{ name: string; isView: boolean; rowCount: number; rowCountCut: boolean; columns: Array<{ name: string }> }> } }> {
  const form = new FormData();
  form.append("files", new Blob([fs.readFileSync(path.join(CORPUS, file))]), file);
  const res = await fetch(`${app.url}/api/datasets`, { method: "POST", body: form, signal: AbortSignal.timeout(60_000) });
  return { status: res.status, body: await res.json() };
}

const FILES: Array<{ file: string; check: (tables: NonNullable<Awaited<ReturnType<typeof upload>>["body"]["tables"]>) => void }> = [
  {
    file: "recursive-view.sqlite",
    check: (tables) => expect(tables.find((t) => t.name === "forever")).toMatchObject({ isView: true, rowCountCut: true }),
  },
  {
    file: "cartesian-view.sqlite",
    check: (tables) => expect(tables.find((t) => t.name === "boom")).toMatchObject({ isView: true, rowCountCut: true }),
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
      // Warm both routes so the first render is not counted against the upload.
      for (const url of [`${app.url}/`, `${app.url}/api/datasets`]) await fetch(url);
      const uploaded = upload(app, file).catch((err: Error) => ({ status: 0, body: { error: err.message } as Awaited<ReturnType<typeof upload>>["body"] }));
      const afterUpload = uploaded.then(() => new Promise((r) => setTimeout(r, AFTER_UPLOAD_MS)));
      const probes = await probeWhile(app, afterUpload);
      const result = await uploaded;
      const slow = probes.filter((p) => !p.ok || p.ms > PROBE_LIMIT_MS);
      expect(slow, `probes slower than ${PROBE_LIMIT_MS} ms (of ${probes.length})`).toEqual([]);
      expect(result.status, JSON.stringify(result.body).slice(0, 300)).toBe(201);
      check(result.body.tables ?? []);
    } finally {
      await app.kill("SIGKILL");
    }
  });
}
