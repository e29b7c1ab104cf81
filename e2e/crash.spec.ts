import fs from "node:fs";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { E2E_BASE_PORT, freshDataDir, startApp, waitFor, type AppProcess } from "./fixtures/app-process";

// Kills the server with SIGKILL in the middle of an import and in the middle of indexing, starts
// it again on the same DATA_DIR, and checks that nothing half-made is listed, the previous
// complete index is still the one in use, and stored runs and curated edges are intact.
test.describe.configure({ timeout: 240_000 });

const PORT = E2E_BASE_PORT + 52;
const SAMPLE = "Riverbend schools (sample)";

type Index = { status: string; generation: number | null; stages: Array<{ name: string; status: string }> };
const json = async (res: Response) => (res.ok ? res.json() : null);

function writeCsv(file: string, rows: number): void {
  const out = ["id,customer,city,amount"];
  for (let i = 1; i <= rows; i++) out.push(`${i},Customer ${i % 50_000},City ${i % 97},${(i * 7) % 1000}.5`);
  fs.writeFileSync(file, out.join("\n") + "\n");
}

async function datasetIndex(app: AppProcess, id: string): Promise<Index> {
  return (await (await fetch(`${app.url}/api/datasets/${id}`)).json()).index;
}

async function listNames(app: AppProcess): Promise<Array<{ id: string; name: string }>> {
  return (await (await fetch(`${app.url}/api/datasets`)).json()).datasets;
}

async function upload(app: AppProcess, file: string, uploadId?: string): Promise<Response> {
  const form = new FormData();
  form.append("files", new Blob([fs.readFileSync(file)]), path.basename(file));
  return fetch(`${app.url}/api/datasets`, {
    method: "POST",
    body: form,
    headers: uploadId ? { "x-upload-id": uploadId } : {},
  });
}

test("SIGKILL mid-import and mid-indexing loses nothing that was complete", async () => {
  const dataDir = freshDataDir("crash");
  let app = await startApp({ port: PORT, dataDir });
  try {
    // A complete dataset with a ready index and a stored run.
    const sample = await waitFor(
      async () => (await listNames(app)).find((d) => d.name === SAMPLE),
      60_000,
      "the sample",
    );
    const sampleIndex = await waitFor(
      async () => ((await datasetIndex(app, sample.id)).status === "ready" ? datasetIndex(app, sample.id) : null),
      60_000,
      "the sample's index",
    );
    const asked = await (
      await fetch(`${app.url}/api/datasets/${sample.id}/ask`, {
        method: "POST",
        headers: { accept: "application/json", "content-type": "application/json" },
        body: JSON.stringify({ question: "How many schools are there?" }),
      })
    ).json();
    expect(asked.ok).toBe(true);
    const edge = await fetch(`${app.url}/api/datasets/${sample.id}/schema-graph/edges`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({
        source: "schools.city",
        target: "schools.name",
        kind: "context",
        label: "a school is named within its city",
      }),
    });
    expect(edge.status).toBe(201);
    const curated = async () =>
      (
        (await (await fetch(`${app.url}/api/datasets/${sample.id}/schema-graph/edges`)).json()).edges as Array<{
          label: string;
        }>
      ).map((e) => e.label);

    // 1. Kill while a large CSV is being imported.
    const big = path.join(dataDir, "..", `crash-big-${process.pid}.csv`);
    writeCsv(big, 600_000);
    const uploadId = `crash-${Date.now()}`;
    const pending = upload(app, big, uploadId).catch(() => null);
    await waitFor(
      async () => {
        const job = await json(await fetch(`${app.url}/api/imports/${uploadId}`));
        return job && job.rowsDone > 0 ? job : null;
      },
      60_000,
      "the import to be under way",
    );
    await app.kill("SIGKILL");
    await pending;
    app = await startApp({ port: PORT, dataDir });
    expect(
      (await listNames(app)).map((d) => d.name),
      "no half-imported dataset is listed",
    ).toEqual([SAMPLE]);
    expect(fs.readdirSync(path.join(dataDir, "tmp")), "the interrupted import's files are gone").toEqual([]);
    expect(await datasetIndex(app, sample.id)).toMatchObject({ status: "ready", generation: sampleIndex.generation });
    const run = await json(await fetch(`${app.url}/api/runs/${asked.runId}`));
    expect(run?.events?.length, "the stored run is intact").toBe(asked.events.length);
    expect(await curated(), "the curated edge is intact").toContain("a school is named within its city");

    // 2. Kill while a dataset is being re-indexed.
    const mid = path.join(dataDir, "..", `crash-mid-${process.pid}.csv`);
    writeCsv(mid, 200_000);
    const created = await (await upload(app, mid)).json();
    const first = await waitFor(
      async () => {
        const index = await datasetIndex(app, created.id);
        return index.status === "ready" ? index : null;
      },
      120_000,
      "the first index",
    );
    expect((await fetch(`${app.url}/api/datasets/${created.id}/index`, { method: "POST" })).status).toBe(202);
    await waitFor(
      async () => {
        const index = await datasetIndex(app, created.id);
        return index.status === "running" && index.stages.some((s) => s.status === "done") ? index : null;
      },
      60_000,
      "re-indexing to be under way",
    );
    await app.kill("SIGKILL");
    app = await startApp({ port: PORT, dataDir, env: { AUTO_INDEX: "0" } });
    const after = await datasetIndex(app, created.id);
    expect(after.generation, "the previous complete index is still the one served").toBe(first.generation);
    const search = await fetch(
      `${app.url}/api/datasets/${created.id}/cells/search?q=${encodeURIComponent("Customer 42")}`,
    );
    expect(search.status).toBe(200);
    expect((await search.json()).hits.length).toBeGreaterThan(0);
    expect((await listNames(app)).map((d) => d.name).sort()).toEqual([SAMPLE, created.name].sort());
    expect((await json(await fetch(`${app.url}/api/runs/${asked.runId}`)))?.events?.length).toBe(asked.events.length);
    expect(await curated()).toContain("a school is named within its city");
  } finally {
    await app.kill("SIGKILL");
  }
});
