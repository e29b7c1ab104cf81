import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect, test, type APIRequestContext } from "@playwright/test";
import { E2E_BASE_PORT } from "./fixtures/app-process";
import { startForeignSite, type ForeignSite } from "./fixtures/foreign-site";
import { ForeignPage } from "./pages/foreign-page";
import { HomePage } from "./pages/home-page";

// Issue #19: a web page the user happens to visit can neither read nor change their data.
// "attacker.test" resolves to 127.0.0.1 in this browser, as a DNS-rebinding name would.
const FOREIGN_PORT = E2E_BASE_PORT + 7;
const SAMPLE = "Riverbend schools (sample)";
test.use({
  launchOptions: {
    executablePath: "/usr/bin/chromium",
    args: [
      "--no-sandbox",
      "--disable-gpu",
      "--disable-quic",
      "--no-first-run",
      "--host-resolver-rules=MAP attacker.test 127.0.0.1",
    ],
  },
});

let foreign: ForeignSite;
test.beforeAll(async () => {
  foreign = await startForeignSite(FOREIGN_PORT);
});
test.afterAll(async () => foreign?.close());

async function sampleId(request: APIRequestContext): Promise<string> {
  const { datasets } = await (await request.get("/api/datasets")).json();
  return (datasets as Array<{ id: string; name: string }>).find((d) => d.name === SAMPLE)!.id;
}

/** Everything a planted request could change, read through the API (no Origin, like curl). */
async function snapshot(request: APIRequestContext, id: string) {
  const json = async (url: string) => (await request.get(url)).json();
  return {
    datasets: (await json("/api/datasets")).datasets
      .map((d: { id: string; name: string }) => `${d.id} ${d.name}`)
      .sort(),
    edges: (await json(`/api/datasets/${id}/schema-graph/edges`)).edges,
    runs: (await json(`/api/datasets/${id}/runs?limit=500`)).runs.length,
    passages: (await json(`/api/datasets/${id}/passages?limit=1`)).total,
    generation: (await json(`/api/datasets/${id}`)).index.generation,
  };
}

for (const [name, host] of [
  ["another site", "attacker.test"],
  ["another port of this machine (same-site, another origin)", "127.0.0.1"],
] as const) {
  test(`a page on ${name} cannot plant an edge, upload, re-index, ask or add passages`, async ({
    page,
    request,
    baseURL,
  }) => {
    const id = await sampleId(request);
    const before = await snapshot(request, id);
    const foreignPage = new ForeignPage(page, new URL(baseURL!).origin);
    await foreignPage.goto(`http://${host}:${FOREIGN_PORT}/`);
    await foreignPage.attack(id);
    expect(foreignPage.answers.map((a) => a.request).sort()).toEqual([
      "POST /api/datasets",
      "POST /api/datasets",
      `POST /api/datasets/${id}/ask`,
      `POST /api/datasets/${id}/index`,
      `POST /api/datasets/${id}/passages`,
      `POST /api/datasets/${id}/schema-graph/edges`,
      `POST /api/datasets/${id}/schema-graph/edges`,
      `POST /api/datasets/${id}/schema-graph/edges`,
    ]);
    for (const answer of foreignPage.answers) expect(answer.status, answer.request).toBe(403);
    expect(await snapshot(request, id)).toEqual(before);
  });
}

test("the requests issue #19 measured get 403 or 415 and change nothing", async ({ request }) => {
  const id = await sampleId(request);
  const before = await snapshot(request, id);
  const evil = { origin: "http://evil.example", "sec-fetch-site": "cross-site" };
  const edge = JSON.stringify({
    source: "schools.city",
    target: "schools.name",
    kind: "context",
    label: "planted by another site",
  });
  const csv = { files: { name: "planted.csv", mimeType: "text/csv", buffer: Buffer.from("a,b\n1,2\n") } };
  const jsonl = {
    files: { name: "planted.jsonl", mimeType: "application/jsonl", buffer: Buffer.from('{"title":"x","text":"y"}\n') },
  };
  const answers = {
    edge: await request.post(`/api/datasets/${id}/schema-graph/edges`, {
      headers: { ...evil, "content-type": "text/plain" },
      data: edge,
    }),
    upload: await request.post("/api/datasets", { headers: evil, multipart: csv }),
    index: await request.post(`/api/datasets/${id}/index`, { headers: evil }),
    ask: await request.post(`/api/datasets/${id}/ask`, {
      headers: { ...evil, "content-type": "text/plain" },
      data: '{"question":"How many schools are there?"}',
    }),
    passages: await request.post(`/api/datasets/${id}/passages`, { headers: evil, multipart: jsonl }),
    edgeWithoutOrigin: await request.post(`/api/datasets/${id}/schema-graph/edges`, {
      headers: { "content-type": "text/plain" },
      data: edge,
    }),
  };
  const statuses = Object.fromEntries(Object.entries(answers).map(([k, r]) => [k, r.status()]));
  expect(statuses).toEqual({ edge: 403, upload: 403, index: 403, ask: 403, passages: 403, edgeWithoutOrigin: 415 });
  expect(await snapshot(request, id)).toEqual(before);
});

test("a DNS-rebinding page can read nothing, page or API", async ({ page, baseURL }) => {
  const rebound = `http://attacker.test:${new URL(baseURL!).port}`;
  const res = await page.goto(`${rebound}/`);
  expect(res?.status()).toBe(403);
  await expect(page.locator("body")).toContainText("TABLESIGHT_ALLOWED_HOSTS");
  const api = await page.evaluate(async () => {
    const r = await fetch("/api/datasets");
    return { status: r.status, body: await r.text() };
  });
  expect(api.status).toBe(403);
  expect(api.body).toContain("host_not_allowed");
  expect(api.body).not.toContain(SAMPLE);
});

test("the app's own pages still upload and curate", async ({ page, request }) => {
  const id = await sampleId(request);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "tablesight-own-"));
  const file = path.join(dir, "own-upload.csv");
  fs.writeFileSync(file, "city,visits\nFresno,3\nModesto,5\n");
  const home = new HomePage(page);
  await home.goto();
  await home.upload([file]);
  await home.expectImported();
  await expect(home.row("own-upload")).toBeVisible();

  // The app's own page, as its own scripts would: JSON with Content-Type application/json.
  const added = await page.evaluate(async (datasetId) => {
    const body = JSON.stringify({
      source: "schools.city",
      target: "schools.name",
      kind: "context",
      label: "added from the app",
    });
    const r = await fetch(`/api/datasets/${datasetId}/schema-graph/edges`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body,
    });
    const edge = await r.json();
    const removed = await fetch(`/api/datasets/${datasetId}/schema-graph/edges?id=${edge.id}`, { method: "DELETE" });
    return { added: r.status, removed: removed.status };
  }, id);
  expect(added).toEqual({ added: 201, removed: 200 });

  await home.goto();
  await home.delete("own-upload");
});
