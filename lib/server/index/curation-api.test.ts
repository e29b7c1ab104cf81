import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { useTempDataDir } from "@/lib/server/testing/temp-data-dir";

useTempDataDir();
process.env.SEED_SAMPLE = "1";
const { seedSampleIfNeeded } = await import("@/lib/server/startup");
const { listDatasets } = await import("@/lib/server/stores/datasets");
const { closeAppDb } = await import("@/lib/server/db/app-db");
const edgesRoute = await import("@/app/api/datasets/[id]/schema-graph/edges/route");
const { GET: historyRoute } = await import("@/app/api/datasets/[id]/schema-graph/history/route");
const exportRoute = await import("@/app/api/datasets/[id]/schema-graph/export/route");
const { GET: graphRoute } = await import("@/app/api/datasets/[id]/schema-graph/route");

const JSON_TYPE = { "content-type": "application/json" };
const ctx = (params: Record<string, string>) => ({ params: Promise.resolve(params) }) as never;
let id = "";
const url = (path: string) => `http://test/api/datasets/${id}/schema-graph/${path}`;
const send = (fn: (r: Request, c: never) => Promise<Response>, method: string, path: string, body?: unknown) =>
  fn(
    new Request(url(path), {
      method,
      ...(body === undefined
        ? {}
        : { body: typeof body === "string" ? body : JSON.stringify(body), headers: JSON_TYPE }),
    }),
    ctx({ id }),
  );
const graph = async () =>
  (await (await graphRoute(new Request(url("")), ctx({ id }))).json()) as {
    edges: Array<{ source: string; target: string; kind: string; origin: string; label: string }>;
  };
const curatedEdges = async () => (await graph()).edges.filter((e) => e.origin === "curated");

async function expectError(res: Response, status: number, code: string): Promise<string> {
  expect(res.status).toBe(status);
  const body = await res.json();
  expect(body.error.code).toBe(code);
  expect(body.error.message.length).toBeGreaterThan(15);
  return body.error.message;
}

beforeAll(async () => {
  await seedSampleIfNeeded();
  id = (await listDatasets())[0].id;
}, 60_000);
afterAll(() => closeAppDb());

describe("schema-graph curation API", () => {
  it("adds, relabels, re-kinds and deletes an edge; the graph shows each change at once, the history too", async () => {
    const created = await send(edgesRoute.POST, "POST", "edges", {
      source: "schools.city",
      target: "schools.name",
      kind: "context",
      label: "where the school is",
    });
    expect(created.status).toBe(201);
    const edge = await created.json();
    expect(await curatedEdges()).toEqual([
      expect.objectContaining({
        source: "schools.city",
        target: "schools.name",
        kind: "context",
        label: "where the school is",
      }),
    ]);

    const relabelled = await send(edgesRoute.PATCH, "PATCH", `edges?id=${edge.id}`, { label: "town of the school" });
    expect(relabelled.status).toBe(200);
    expect((await curatedEdges())[0].label).toBe("town of the school");
    await expectError(
      await send(edgesRoute.PATCH, "PATCH", `edges?id=${edge.id}`, { target: "schools.nope" }),
      400,
      "invalid_edge",
    );

    const del = await send(edgesRoute.DELETE, "DELETE", "edges", { id: edge.id });
    expect(del.status).toBe(200);
    expect(await curatedEdges()).toEqual([]);

    const { history } = await (await historyRoute(new Request(url("history")), ctx({ id }))).json();
    const mine = history.filter((h: { edgeId: string }) => h.edgeId === edge.id);
    expect(mine.map((h: { action: string }) => h.action)).toEqual(["create", "update", "delete"]);
    expect(mine[1].before.label).toBe("where the school is");
    expect(mine[1].after.label).toBe("town of the school");
    expect(Date.parse(mine[0].at)).not.toBeNaN();
  });

  it.each([
    [
      { source: "schools.nope", target: "schools.city", kind: "context" },
      400,
      "invalid_edge",
      /no column "schools.nope"/,
    ],
    [{ source: "schools.city", target: "schools.city", kind: "context" }, 400, "invalid_edge", /itself/],
    [{ source: "schools.city", target: "counties.name", kind: "context" }, 400, "invalid_edge", /different tables/],
    [{ source: "schools.city", target: "counties.name", kind: "friend" }, 400, "invalid_edge", /kind/],
    [[1, 2], 400, "invalid_edge", /object/],
  ])("refuses %j with %i %s and leaves the graph unchanged", async (body, status, code, message) => {
    const before = await graph();
    expect(await expectError(await send(edgesRoute.POST, "POST", "edges", body), status, code)).toMatch(message);
    expect(await graph()).toEqual(before);
  });

  it("refuses a duplicate (join edges either way round), malformed JSON, and unknown ids", async () => {
    const res = await send(edgesRoute.POST, "POST", "edges", {
      source: "schools.city",
      target: "counties.name",
      kind: "join",
    });
    expect(res.status).toBe(201);
    const edge = await res.json();
    await expectError(
      await send(edgesRoute.POST, "POST", "edges", { source: "counties.name", target: "schools.city", kind: "join" }),
      409,
      "duplicate_edge",
    );
    await expectError(await send(edgesRoute.POST, "POST", "edges", "{source:"), 400, "invalid_json");
    await expectError(await send(edgesRoute.PATCH, "PATCH", "edges?id=nope", { label: "x" }), 404, "edge_not_found");
    await expectError(await send(edgesRoute.DELETE, "DELETE", "edges?id=nope"), 404, "edge_not_found");
    await expectError(await send(edgesRoute.DELETE, "DELETE", "edges"), 400, "missing_edge_id");
    await send(edgesRoute.DELETE, "DELETE", `edges?id=${edge.id}`);
  });

  it("rejects a discovered join and accepts it back", async () => {
    const before = await graph();
    const joined = before.edges.find((e) => e.source === "schools.district_id" && e.target === "districts.district_id");
    expect(joined).toBeDefined();
    const res = await send(edgesRoute.POST, "POST", "edges", {
      source: "schools.district_id",
      target: "districts.district_id",
      kind: "join",
      status: "rejected",
    });
    const edge = await res.json();
    expect(
      (await graph()).edges.some((e) => e.source === "schools.district_id" && e.target === "districts.district_id"),
    ).toBe(false);
    await send(edgesRoute.PATCH, "PATCH", `edges?id=${edge.id}`, { status: "accepted" });
    expect((await curatedEdges()).some((e) => e.source === "schools.district_id" && e.kind === "join")).toBe(true);
    await send(edgesRoute.DELETE, "DELETE", `edges?id=${edge.id}`);
  });

  it("keeps a self-join, and keeps a join the user rejected before (one update, undoable)", async () => {
    const self = await send(edgesRoute.POST, "POST", "edges", {
      source: "schools.district_id",
      target: "schools.cds_code",
      kind: "join",
      label: "reports to",
    });
    expect(self.status).toBe(201);
    const kept = await self.json();
    expect(
      (await curatedEdges()).some((e) => e.source === "schools.district_id" && e.target === "schools.cds_code"),
    ).toBe(true);
    await send(edgesRoute.DELETE, "DELETE", `edges?id=${kept.id}&via=undo`);

    const rejected = await (
      await send(edgesRoute.POST, "POST", "edges", {
        source: "schools.district_id",
        target: "districts.district_id",
        kind: "join",
        status: "rejected",
      })
    ).json();
    const again = await send(edgesRoute.POST, "POST", "edges", {
      source: "schools.district_id",
      target: "districts.district_id",
      kind: "join",
    });
    expect(again.status).toBe(201);
    const body = await again.json();
    expect(body).toMatchObject({ id: rejected.id, status: "curated", replaced: { status: "rejected" } });
    expect((await curatedEdges()).some((e) => e.source === "schools.district_id" && e.kind === "join")).toBe(true);
    const { history } = await (await historyRoute(new Request(url("history")), ctx({ id }))).json();
    const self2 = history.filter((h: { edgeId: string }) => h.edgeId === kept.id);
    expect(self2.map((h: { action: string; via?: string }) => `${h.action}${h.via ? `:${h.via}` : ""}`)).toEqual([
      "create",
      "delete:undo",
    ]);
    const mine = history.filter((h: { edgeId: string }) => h.edgeId === rejected.id);
    expect(mine.map((h: { action: string }) => h.action)).toEqual(["create", "update"]);
    await send(edgesRoute.DELETE, "DELETE", `edges?id=${rejected.id}`);
  });

  it("exports and imports the curated graph as JSON, reporting refused edges; a bad file changes nothing", async () => {
    await send(edgesRoute.POST, "POST", "edges", {
      source: "schools.city",
      target: "schools.name",
      kind: "context",
      label: "place",
    });
    const file = await (await exportRoute.GET(new Request(url("export")), ctx({ id }))).json();
    expect(file).toMatchObject({
      format: "tablesight.schema-graph",
      version: 1,
      edges: [{ source: "schools.city", target: "schools.name", kind: "context", label: "place", status: "curated" }],
    });

    const next = {
      ...file,
      edges: [
        ...file.edges,
        { source: "schools.city", target: "counties.name", kind: "derivation", label: "city lies in county" },
        { source: "schools.ghost", target: "counties.name", kind: "join" },
        { source: "schools.city", target: "schools.name", kind: "context" },
        { kind: "join" },
      ],
    };
    const res = await send(exportRoute.PUT, "PUT", "export", next);
    expect(res.status).toBe(200);
    const report = await res.json();
    expect(report).toMatchObject({ imported: 2, created: 1, deleted: 0 });
    expect(report.refused.map((r: { index: number }) => r.index)).toEqual([2, 3, 4]);
    expect(report.refused[0].reason).toMatch(/schools.ghost/);
    expect(report.refused[1].reason).toMatch(/already/);
    expect((await curatedEdges()).map((e) => e.kind).sort()).toEqual(["context", "derivation"]);

    const before = await graph();
    await expectError(await send(exportRoute.PUT, "PUT", "export", "not json"), 400, "invalid_json");
    await expectError(await send(exportRoute.PUT, "PUT", "export", { edges: "x" }), 400, "invalid_import");
    await expectError(await send(exportRoute.PUT, "PUT", "export?strict=1", next), 422, "import_refused");
    expect(await graph()).toEqual(before);

    const cleared = await (
      await send(exportRoute.PUT, "PUT", "export", { format: "tablesight.schema-graph", version: 1, edges: [] })
    ).json();
    expect(cleared).toMatchObject({ deleted: 2, imported: 0 });
    expect(await curatedEdges()).toEqual([]);
  });
});

describe("GET …/schema-graph/edges", () => {
  it("lists the kept edges with their ids", async () => {
    const created = await (
      await send(edgesRoute.POST, "POST", "edges", { source: "schools.city", target: "schools.name", kind: "context" })
    ).json();
    const { edges } = await (await send(edgesRoute.GET, "GET", "edges")).json();
    expect(edges).toEqual([expect.objectContaining({ id: created.id, kind: "context", status: "curated" })]);
    await send(edgesRoute.DELETE, "DELETE", `edges?id=${created.id}`);
  });
});
