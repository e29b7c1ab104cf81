import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { useTempDataDir } from "@/lib/server/testing/temp-data-dir";

// Issue #19's "Why" list, replayed against the real route handlers as a browser would send it
// from another site: each request is refused (403 or 415) and the user's data stays as it was.
useTempDataDir();
process.env.SEED_SAMPLE = "1";
process.env.AUTO_INDEX = "0";
const { seedSampleIfNeeded } = await import("@/lib/server/startup");
const { closeAppDb } = await import("@/lib/server/db/app-db");
const { closeSqlPool } = await import("@/lib/server/sql");
const datasetsRoute = await import("@/app/api/datasets/route");
// GET /api/datasets reads no request data, so its handler is typed without one; Next passes it anyway.
const datasets = {
  GET: datasetsRoute.GET as unknown as (request: Request) => Promise<Response>,
  POST: datasetsRoute.POST,
};
const dataset = await import("@/app/api/datasets/[id]/route");
const edges = await import("@/app/api/datasets/[id]/schema-graph/edges/route");
const { POST: indexRoute } = await import("@/app/api/datasets/[id]/index/route");
const { POST: askRoute } = await import("@/app/api/datasets/[id]/ask/route");
const passages = await import("@/app/api/datasets/[id]/passages/route");
const { GET: runsRoute } = await import("@/app/api/datasets/[id]/runs/route");

const APP = "127.0.0.1:3000";
const EVIL = { origin: "http://evil.example", "sec-fetch-site": "cross-site" };
const ctx = () => ({ params: Promise.resolve({ id }) }) as never;
let id = "";
const at = (path: string) => `http://${APP}/api/datasets${path}`;
const planted = JSON.stringify({
  source: "schools.city",
  target: "schools.name",
  kind: "context",
  label: "planted by another site",
});

function uploadForm(): FormData {
  const form = new FormData();
  form.append("files", new Blob(["a,b\n1,2\n"]), "planted.csv");
  return form;
}

function post(path: string, body: BodyInit | null, headers: Record<string, string>): Request {
  return new Request(at(path), { method: "POST", body, headers: { host: APP, ...headers } });
}

/** Everything a planted request could change, read through the API itself. */
async function snapshot() {
  const read = async (res: Response) => res.json();
  const get = (path: string) => new Request(at(path), { headers: { host: APP } });
  return {
    datasets: await read(await datasets.GET(get(""))),
    edges: await read(await edges.GET(get(`/${id}/schema-graph/edges`), ctx())),
    index: (await read(await dataset.GET(get(`/${id}`), ctx()))).index,
    runs: await read(await runsRoute(get(`/${id}/runs`), ctx())),
    passages: await read(await passages.GET(get(`/${id}/passages?limit=200`), ctx())),
  };
}

async function expectRefused(res: Response, status: 403 | 415, code: string): Promise<void> {
  expect(res.status).toBe(status);
  expect((await res.json()).error.code).toBe(code);
}

beforeAll(async () => {
  await seedSampleIfNeeded();
  id = (await (await datasets.GET(new Request(at("")))).json()).datasets[0].id;
}, 60_000);
afterAll(() => {
  closeSqlPool();
  closeAppDb();
});
afterEach(() => {
  for (const name of ["TABLESIGHT_ALLOWED_HOSTS", "TABLESIGHT_ALLOWED_ORIGINS", "HOST", "TABLESIGHT_TOKEN"])
    delete process.env[name];
});

describe("requests from another site", () => {
  it("cannot plant an edge, upload, re-index, ask or add passages; nothing changes", async () => {
    const before = await snapshot();
    const textPlain = { "content-type": "text/plain;charset=UTF-8" };
    const edge = () => post(`/${id}/schema-graph/edges`, planted, { ...textPlain, ...EVIL });
    await expectRefused(await edges.POST(edge(), ctx()), 403, "cross_site_refused");
    await expectRefused(await datasets.POST(post("", uploadForm(), EVIL)), 403, "cross_site_refused");
    await expectRefused(await indexRoute(post(`/${id}/index`, null, EVIL), ctx()), 403, "cross_site_refused");
    const ask = JSON.stringify({ question: "How many schools are there?" });
    await expectRefused(
      await askRoute(post(`/${id}/ask`, ask, { ...textPlain, ...EVIL }), ctx()),
      403,
      "cross_site_refused",
    );
    await expectRefused(
      await passages.POST(post(`/${id}/passages`, uploadForm(), EVIL), ctx()),
      403,
      "cross_site_refused",
    );
    // Another port of this machine is "same-site" to the browser, yet another origin.
    const sameSite = { origin: "http://127.0.0.1:4000", "sec-fetch-site": "same-site" };
    await expectRefused(
      await edges.POST(post(`/${id}/schema-graph/edges`, planted, { ...textPlain, ...sameSite }), ctx()),
      403,
      "cross_site_refused",
    );
    // A browser that sends no Origin still cannot deliver JSON in a body type that skips the preflight.
    await expectRefused(
      await edges.POST(post(`/${id}/schema-graph/edges`, planted, textPlain), ctx()),
      415,
      "unsupported_media_type",
    );
    await expectRefused(
      await askRoute(post(`/${id}/ask`, ask, { "content-length": String(ask.length) }), ctx()),
      415,
      "unsupported_media_type",
    );
    const form = { "content-type": "application/x-www-form-urlencoded" };
    await expectRefused(
      await edges.POST(post(`/${id}/schema-graph/edges`, `${planted}=`, form), ctx()),
      415,
      "unsupported_media_type",
    );
    await expectRefused(
      await passages.POST(post(`/${id}/passages`, "p", textPlain), ctx()),
      415,
      "unsupported_media_type",
    );
    // A multipart body on a JSON route is refused too.
    await expectRefused(
      await edges.POST(post(`/${id}/schema-graph/edges`, uploadForm(), {}), ctx()),
      415,
      "unsupported_media_type",
    );
    expect(await snapshot()).toEqual(before);
  }, 30_000);

  it("a DNS-rebinding page cannot read the dataset list", async () => {
    const res = await datasets.GET(new Request(at(""), { headers: { host: "attacker.example:3000" } }));
    expect(res.status).toBe(403);
    const body = await res.json();
    expect(body.error.code).toBe("host_not_allowed");
    expect(body.error.message).toContain("TABLESIGHT_ALLOWED_HOSTS");
    expect(JSON.stringify(body)).not.toContain(id);
  });

  it("the app's own pages and curl still change data", async () => {
    const json = { "content-type": "application/json" };
    const own = await edges.POST(
      post(`/${id}/schema-graph/edges`, planted, { ...json, origin: `http://${APP}`, "sec-fetch-site": "same-origin" }),
      ctx(),
    );
    expect(own.status).toBe(201);
    const curl = await dataset.PATCH(
      new Request(at(`/${id}`), {
        method: "PATCH",
        body: JSON.stringify({ name: "Renamed by curl" }),
        headers: { host: APP, ...json },
      }),
      ctx(),
    );
    expect((await curl.json()).name).toBe("Renamed by curl");
    const edgeId = (await own.json()).id;
    expect(
      (
        await edges.DELETE(
          new Request(at(`/${id}/schema-graph/edges?id=${edgeId}`), {
            method: "DELETE",
            headers: { host: APP, origin: `http://${APP}` },
          }),
          ctx(),
        )
      ).status,
    ).toBe(200);
  });

  it("origins and hosts the operator listed are let through", async () => {
    process.env.TABLESIGHT_ALLOWED_ORIGINS = "https://tablesight.example.com";
    process.env.TABLESIGHT_ALLOWED_HOSTS = "tablesight.example.com";
    const headers = { host: "tablesight.example.com", origin: "https://tablesight.example.com" };
    const res = await dataset.PATCH(
      new Request(at(`/${id}`), {
        method: "PATCH",
        body: JSON.stringify({ name: "Via the proxy" }),
        headers: { ...headers, "content-type": "application/json" },
      }),
      ctx(),
    );
    expect(res.status).toBe(200);
    expect((await datasets.GET(new Request(at(""), { headers: { host: "tablesight.example.com" } }))).status).toBe(200);
  });

  it("a malformed allow-list entry stops the API with a message naming the variable", async () => {
    process.env.TABLESIGHT_ALLOWED_ORIGINS = "tablesight.example.com";
    const res = await datasets.GET(new Request(at(""), { headers: { host: APP } }));
    expect(res.status).toBe(503);
    expect((await res.json()).error.message).toContain("TABLESIGHT_ALLOWED_ORIGINS");
  });
});
