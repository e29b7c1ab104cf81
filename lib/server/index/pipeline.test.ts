import fs from "node:fs";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { useTempDataDir } from "@/lib/server/testing/temp-data-dir";
import { importFiles, routeCtx, schoolCsvFiles, tempDir } from "./testing/index-kit";

const dataDir = useTempDataDir();
const { whenIndexingIdle } = await import("./queue");
const datasetRoute = await import("@/app/api/datasets/[id]/route");
const { GET: columnsRoute } = await import("@/app/api/datasets/[id]/columns/route");
const { GET: joinsRoute } = await import("@/app/api/datasets/[id]/joins/route");
const { GET: graphRoute } = await import("@/app/api/datasets/[id]/schema-graph/route");
const { GET: searchRoute } = await import("@/app/api/datasets/[id]/cells/search/route");

const get = async (route: (req: Request, ctx: never) => Promise<Response>, id: string, query = "") => {
  const res = await route(new Request(`http://test/x${query}`), routeCtx({ id }));
  return { status: res.status, body: await res.json() };
};

let id = "";
beforeAll(async () => {
  id = (await importFiles(schoolCsvFiles(tempDir()), "schools")).id;
  await whenIndexingIdle();
});

describe("indexing after an import", () => {
  it("starts by itself and reports every stage done", async () => {
    const { body } = await get(datasetRoute.GET, id);
    expect(body.index).toMatchObject({ status: "ready", generation: 1 });
    expect(body.index.stages.map((s: { name: string; status: string }) => `${s.name}:${s.status}`)).toEqual([
      "profiles:done",
      "descriptions:done",
      "joins:done",
      "cell index:done",
      "schema graph:done",
      "semantic model:done",
    ]);
    const profiles = body.index.stages[0];
    expect(profiles).toMatchObject({ done: 8 + 24 + 90, total: 8 + 24 + 90 });
    expect(fs.readdirSync(path.join(dataDir, "datasets", id)).filter((f) => f.startsWith("index-"))).toEqual([
      "index-1",
    ]);
  });

  it("profiles and describes every column", async () => {
    const { body } = await get(columnsRoute, id);
    const schools = body.tables.find((t: { table: string }) => t.table === "schools");
    expect(schools.description.text).toMatch(/90 rows and 5 columns/);
    const cds = schools.columns.find((c: { column: string }) => c.column === "cds_code");
    expect(cds.profile).toMatchObject({ rowCount: 90, distinctCount: 90, uniqueness: 1, nullCount: 0 });
    expect(cds.description).toMatchObject({ edited: false });
    const opened = schools.columns.find((c: { column: string }) => c.column === "opened");
    expect(opened.profile).toMatchObject({ type: "date", min: "2000-09-01", max: "2019-09-01" });
    const district = body.tables.find((t: { table: string }) => t.table === "districts");
    expect(district.columns.find((c: { column: string }) => c.column === "enrollment").description.text).toMatch(
      /^Enrollment: an integer/,
    );
  });

  it("discovers the joins between the tables, scored by the learned join scorer, most probable first", async () => {
    const { body } = await get(joinsRoute, id);
    const pairs = body.joins.map(
      (j: { from: { table: string; column: string }; to: { table: string; column: string } }) =>
        `${j.from.table}.${j.from.column}->${j.to.table}.${j.to.column}`,
    );
    expect(pairs).toContain("districts.county_id->counties.county_id");
    expect(pairs).toContain("schools.district_id->districts.district_id");
    const first = body.joins[0];
    expect(first).toMatchObject({ rank: 1 });
    expect(first.omega).toBeCloseTo((first.s + first.j) * first.u, 10);
    for (let i = 1; i < body.joins.length; i++)
      expect(body.joins[i - 1].probability).toBeGreaterThanOrEqual(body.joins[i].probability);
    const passing = body.joins
      .filter((j: { passes: boolean }) => j.passes)
      .map((j: { from: { table: string; column: string } }) => `${j.from.table}.${j.from.column}`);
    expect(passing).toEqual(expect.arrayContaining(["districts.county_id", "schools.district_id"]));
    for (const j of body.joins)
      if (j.passes && j.rule !== "declared") expect(j.probability).toBeGreaterThanOrEqual(body.threshold);
  });

  it("builds the schema graph with inferred keys and discovered edges", async () => {
    const { body } = await get(graphRoute, id);
    expect(body.nodes).toHaveLength(3 + 4 + 5);
    expect(body.tables.map((t: { name: string }) => t.name)).toEqual(["counties", "districts", "schools"]);
    expect(body.tables[2]).toMatchObject({ primaryKey: ["cds_code"], rowCount: 90 });
    const discovered = body.edges.filter((e: { kind: string }) => e.kind === "discovered");
    expect(discovered.map((e: { source: string; target: string }) => `${e.source}->${e.target}`)).toContain(
      "schools.district_id->districts.district_id",
    );
    for (const e of body.edges)
      expect(Object.keys(e)).toEqual(
        expect.arrayContaining(["id", "source", "target", "kind", "label", "weight", "origin"]),
      );
  });

  it("finds cell values by acronym, typo and scope", async () => {
    const la = await get(searchRoute, id, "?q=LA");
    expect(la.status).toBe(200);
    expect(la.body.hits[0]).toMatchObject({
      table: "counties",
      column: "county_name",
      value: "Los Angeles",
      rowCount: 1,
    });
    const typo = await get(searchRoute, id, "?q=bakersfeld");
    expect(typo.body.hits[0]).toMatchObject({ table: "schools", column: "city", value: "Bakersfield" });
    const scoped = await get(searchRoute, id, "?q=los%20angeles&table=districts&limit=3");
    expect(scoped.body.hits.length).toBeLessThanOrEqual(3);
    expect(scoped.body.hits.every((h: { table: string }) => h.table === "districts")).toBe(true);
    expect(scoped.body.hits[0].value).toMatch(/^Los Angeles/);
    // Numbers and dates are not embedded.
    const none = await get(searchRoute, id, "?q=5001&column=district_id");
    expect(none.body.hits).toEqual([]);
  });

  it("refuses bad searches with JSON errors", async () => {
    expect((await get(searchRoute, id, "?q=")).status).toBe(400);
    expect((await get(searchRoute, id, "?q=x&limit=100000")).status).toBe(400);
    expect((await get(searchRoute, id, "?q=x&table=nope")).body.error.code).toBe("table_not_found");
    expect((await get(searchRoute, "nope", "?q=x")).status).toBe(404);
  });
});
