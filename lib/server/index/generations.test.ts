import fs from "node:fs";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { useTempDataDir } from "@/lib/server/testing/temp-data-dir";
import { importFiles, routeCtx, schoolCsvFiles, tempDir } from "./testing/index-kit";

const dataDir = useTempDataDir();
const { whenIndexingIdle } = await import("./queue");
const { runIndexing } = await import("./pipeline");
const { recoverIndexing } = await import("./recovery");
const { beginRun, currentGeneration } = await import("./generations");
const { writeProfiles } = await import("./index-store");
const { saveSchemaEdge, listSchemaEdges } = await import("./schema-edges");
const { schemaEdgeHistoryOf } = await import("./schema-edge-history");
const { appDb } = await import("@/lib/server/db/app-db");
const schema = await import("@/db/schema");
const { eq } = await import("drizzle-orm");
const datasetRoute = await import("@/app/api/datasets/[id]/route");
const { POST: indexRoute } = await import("@/app/api/datasets/[id]/index/route");
const { GET: columnsRoute } = await import("@/app/api/datasets/[id]/columns/route");
const { PATCH: describeRoute } = await import("@/app/api/datasets/[id]/descriptions/route");
const { GET: graphRoute } = await import("@/app/api/datasets/[id]/schema-graph/route");
const { GET: searchRoute } = await import("@/app/api/datasets/[id]/cells/search/route");

const json = async (res: Response | Promise<Response>) => (await res).json();
const status = async (id: string) => (await json(datasetRoute.GET(new Request("http://test"), routeCtx({ id })))).index;
const search = (id: string, q: string) =>
  json(searchRoute(new Request(`http://test/s?q=${encodeURIComponent(q)}`), routeCtx({ id })));
const indexDirs = (id: string) =>
  fs
    .readdirSync(path.join(dataDir, "datasets", id))
    .filter((f) => f.startsWith("index-"))
    .sort();
const patch = (id: string, body: unknown) =>
  describeRoute(
    new Request("http://test", {
      method: "PATCH",
      body: JSON.stringify(body),
      headers: { "content-type": "application/json" },
    }),
    routeCtx({ id }),
  );

async function rowsOf(id: string) {
  const db = await appDb();
  const gens = async (
    t: typeof schema.indexColumnProfiles | typeof schema.indexJoinCandidates | typeof schema.indexDescriptions,
  ) => [...new Set((await db.select({ g: t.generation }).from(t).where(eq(t.datasetId, id))).map((r) => r.g))].sort();
  return {
    profiles: await gens(schema.indexColumnProfiles),
    joins: await gens(schema.indexJoinCandidates),
    descriptions: await gens(schema.indexDescriptions),
  };
}

let id = "";
beforeAll(async () => {
  id = (await importFiles(schoolCsvFiles(tempDir()), "schools")).id;
  await whenIndexingIdle();
});

describe("index generations", () => {
  it("re-indexes on demand into a new generation and deletes the old one", async () => {
    expect(await status(id)).toMatchObject({ status: "ready", generation: 1 });
    const res = await indexRoute(new Request("http://test", { method: "POST" }), routeCtx({ id }));
    expect(res.status).toBe(202);
    expect((await res.json()).index.status).toMatch(/pending|running/);
    await whenIndexingIdle();
    expect(await status(id)).toMatchObject({ status: "ready", generation: 2 });
    expect(indexDirs(id)).toEqual(["index-2"]);
    expect(await rowsOf(id)).toEqual({ profiles: [2], joins: [2], descriptions: [2] });
  });

  it("runs concurrent requests one after another, each in its own generation", async () => {
    const before = (await currentGeneration(id))!;
    const outcomes = await Promise.all([runIndexing(id), runIndexing(id)]);
    expect(outcomes.map((o) => [o!.status, o!.generation])).toEqual([
      ["ready", before + 1],
      ["ready", before + 2],
    ]);
    expect(indexDirs(id)).toEqual([`index-${before + 2}`]);
    expect(await rowsOf(id)).toEqual({ profiles: [before + 2], joins: [before + 2], descriptions: [before + 2] });
  });

  it("keeps an edited description through re-indexing, and can restore the generated one", async () => {
    const edited = await json(patch(id, { table: "schools", column: "city", text: "Where the school is." }));
    expect(edited.description).toMatchObject({ text: "Where the school is.", edited: true });
    expect((await json(patch(id, { table: "schools", text: "One row per public school." }))).description.edited).toBe(
      true,
    );
    expect((await patch(id, { table: "schools", column: "nope", text: "x" })).status).toBe(404);
    expect((await patch(id, { table: "schools", text: "  " })).status).toBe(400);
    await runIndexing(id);
    const tables = (await json(columnsRoute(new Request("http://test"), routeCtx({ id })))).tables;
    const schools = tables.find((t: { table: string }) => t.table === "schools");
    expect(schools.description).toMatchObject({ text: "One row per public school.", edited: true });
    const city = schools.columns.find((c: { column: string }) => c.column === "city");
    expect(city.description).toMatchObject({ text: "Where the school is.", edited: true });
    expect(city.description.generated).toMatch(/^City: text/);
    const restored = await json(patch(id, { table: "schools", column: "city", text: null }));
    expect(restored.description).toMatchObject({ edited: false });
    expect(restored.description.text).toMatch(/^City: text/);
  });

  it("keeps serving the previous generation when a run fails half-way", async () => {
    const before = await currentGeneration(id);
    const outcome = await runIndexing(id, {
      afterStage: (name) => {
        if (name === "joins") throw new Error("disk on fire");
      },
    });
    expect(outcome).toMatchObject({ status: "failed", error: "disk on fire" });
    const s = await status(id);
    expect(s).toMatchObject({ status: "failed", generation: before, error: "disk on fire" });
    expect(s.stages.find((x: { name: string }) => x.name === "cell index").status).toBe("pending");
    expect(indexDirs(id)).toEqual([`index-${before}`]);
    expect(await rowsOf(id)).toEqual({ profiles: [before], joins: [before], descriptions: [before] });
    expect((await search(id, "LA")).hits[0].value).toBe("Los Angeles");
  });

  it("recovers from a crash mid-run: the half-written generation goes, the dataset is indexed again", async () => {
    const served = (await currentGeneration(id))!;
    // What a killed process leaves: a run marked running, its rows and its directory.
    const crashed = await beginRun(id, "hashed");
    fs.mkdirSync(path.join(dataDir, "datasets", id, `index-${crashed}`));
    fs.writeFileSync(path.join(dataDir, "datasets", id, `index-${crashed}`, "cells.sqlite"), "half");
    await writeProfiles(id, crashed, [{ table: "schools", column: "city", profile: { bogus: true } as never }]);
    expect(await status(id)).toMatchObject({ status: "running", generation: served });
    expect((await search(id, "LA")).hits[0].value).toBe("Los Angeles");

    expect(await recoverIndexing()).toEqual([id]);
    await whenIndexingIdle();
    const s = await status(id);
    expect(s).toMatchObject({ status: "ready", generation: crashed + 1 });
    expect(indexDirs(id)).toEqual([`index-${crashed + 1}`]);
    expect(await rowsOf(id)).toEqual({ profiles: [crashed + 1], joins: [crashed + 1], descriptions: [crashed + 1] });
  });

  it("keeps curated edges and their history across re-indexing, and hides rejected ones", async () => {
    const edge = await saveSchemaEdge(id, {
      kind: "context",
      source: "schools.city",
      target: "schools.school_name",
      label: "city of the school",
    });
    await saveSchemaEdge(id, {
      id: edge.id,
      kind: "context",
      source: "schools.city",
      target: "schools.school_name",
      label: "where it is",
    });
    await saveSchemaEdge(id, {
      kind: "join",
      status: "rejected",
      source: "schools.district_id",
      target: "districts.district_id",
    });
    await runIndexing(id);
    expect((await listSchemaEdges(id)).map((e) => [e.kind, e.label, e.status])).toEqual([
      ["context", "where it is", "curated"],
      ["join", "join", "rejected"],
    ]);
    const history = await schemaEdgeHistoryOf(id);
    expect(history.map((h) => h.action)).toEqual(["create", "update", "create"]);
    // Each side is parsed from its stored JSON: a create has no before, an update has both.
    expect(history[0].before).toBeNull();
    expect(history[1].before?.id).toBe(history[1].edgeId);
    expect(history[1].after?.origin).toBe("curated");
    const graph = await json(graphRoute(new Request("http://test"), routeCtx({ id })));
    expect(graph.edges.filter((e: { origin: string }) => e.origin === "curated")).toEqual([
      expect.objectContaining({ kind: "context", label: "where it is", source: "schools.city" }),
    ]);
    const pairs = graph.edges
      .filter((e: { kind: string }) => e.kind === "discovered")
      .map((e: { source: string }) => e.source);
    expect(pairs).not.toContain("schools.district_id");
    expect(pairs).toContain("districts.county_id");
  });

  it("re-queues a dataset that was never indexed, and deleting a dataset removes its index", async () => {
    process.env.AUTO_INDEX = "0";
    const other = (await importFiles(schoolCsvFiles(tempDir()), "later")).id;
    process.env.AUTO_INDEX = "1";
    await whenIndexingIdle();
    expect(await status(other)).toMatchObject({ status: "pending", generation: null });
    expect(await recoverIndexing()).toEqual([other]);
    await whenIndexingIdle();
    expect(await status(other)).toMatchObject({ status: "ready", generation: 1 });

    await runIndexing(id);
    expect((await datasetRoute.DELETE(new Request("http://test"), routeCtx({ id }))).status).toBe(204);
    const db = await appDb();
    for (const t of [
      schema.indexRuns,
      schema.indexColumnProfiles,
      schema.indexDescriptions,
      schema.indexJoinCandidates,
      schema.datasetIndexes,
      schema.descriptionEdits,
      schema.schemaEdges,
      schema.schemaEdgeHistory,
    ]) {
      expect(await db.select().from(t).where(eq(t.datasetId, id))).toEqual([]);
    }
    expect(fs.existsSync(path.join(dataDir, "datasets", id))).toBe(false);
  });

  it("leaves nothing behind when the dataset is deleted between two stages", async () => {
    process.env.AUTO_INDEX = "0";
    const doomed = (await importFiles(schoolCsvFiles(tempDir()), "doomed early")).id;
    process.env.AUTO_INDEX = "1";
    const outcome = await runIndexing(doomed, {
      afterStage: async (name) => {
        if (name === "descriptions") await datasetRoute.DELETE(new Request("http://test"), routeCtx({ id: doomed }));
      },
    });
    expect(outcome).toMatchObject({ status: "failed", error: "The dataset was deleted." });
    const db = await appDb();
    expect(await db.select().from(schema.indexRuns).where(eq(schema.indexRuns.datasetId, doomed))).toEqual([]);
    expect(
      await db.select().from(schema.indexColumnProfiles).where(eq(schema.indexColumnProfiles.datasetId, doomed)),
    ).toEqual([]);
    expect(fs.existsSync(path.join(dataDir, "datasets", doomed))).toBe(false);
  });

  it("cancels a run whose dataset is deleted while it is indexing", async () => {
    const doomed = (await importFiles(schoolCsvFiles(tempDir()), "doomed")).id;
    await new Promise((r) => setImmediate(r));
    expect((await datasetRoute.DELETE(new Request("http://test"), routeCtx({ id: doomed }))).status).toBe(204);
    await whenIndexingIdle();
    const db = await appDb();
    expect(await db.select().from(schema.indexRuns).where(eq(schema.indexRuns.datasetId, doomed))).toEqual([]);
    expect(fs.existsSync(path.join(dataDir, "datasets", doomed))).toBe(false);
  });
});
