import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { semanticTable, type SemanticModel } from "@/lib/core/model/semantic-model";
import { useTempDataDir } from "@/lib/server/testing/temp-data-dir";
import { importFiles, routeCtx, sqliteFile, tempDir } from "@/lib/server/index/testing/index-kit";

useTempDataDir();
const { whenIndexingIdle } = await import("@/lib/server/index/queue");
const { runIndexing } = await import("@/lib/server/index/pipeline");
const { closeAppDb } = await import("@/lib/server/db/app-db");
const route = await import("@/app/api/datasets/[id]/semantic-model/route");
const { buildRetrievalPorts } = await import("@/lib/server/methods/retrieval-ports");

const DDL = `
CREATE TABLE teams (team_id INTEGER PRIMARY KEY, team_name TEXT, founded INTEGER);
CREATE TABLE riders (rider_id INTEGER PRIMARY KEY, given_name TEXT, family_name TEXT,
  team_id INTEGER REFERENCES teams(team_id), retired TEXT);
CREATE TABLE stages (stage_id INTEGER PRIMARY KEY, rider_id INTEGER REFERENCES riders(rider_id), ridden_on TEXT,
  length_km REAL, time_min INTEGER);
CREATE VIEW team_riders AS SELECT t.team_name, count(*) AS riders FROM teams t JOIN riders r
  ON r.team_id = t.team_id GROUP BY t.team_name;`;

const GIVEN = ["Ana", "Bo", "Cas", "Dee", "Eli", "Fay", "Gil", "Hal", "Ida", "Jon", "Kit", "Lou"];
const FAMILY = ["Arts", "Baan", "Cools", "Dams", "Eyck", "Fens", "Geel", "Hoog", "Ilse", "Jong", "Kort", "Laan"];

let id = "";
const call = async (method: "GET" | "PATCH", body?: unknown) => {
  const res = await route[method](
    new Request(`http://test/api/datasets/${id}/semantic-model`, {
      method,
      ...(body === undefined ? {} : { body: JSON.stringify(body), headers: { "content-type": "application/json" } }),
    }),
    routeCtx({ id }),
  );
  return { status: res.status, body: await res.json() };
};

beforeAll(async () => {
  const file = sqliteFile(tempDir(), "cycling.sqlite", DDL, {
    "INSERT INTO teams VALUES (?, ?, ?)": Array.from({ length: 6 }, (_, i) => [
      i + 1,
      `Team ${GIVEN[i]}${FAMILY[i]}`,
      1990 + i,
    ]),
    "INSERT INTO riders VALUES (?, ?, ?, ?, ?)": Array.from({ length: 24 }, (_, i) => [
      i + 1,
      GIVEN[i % 12],
      FAMILY[(i * 5) % 12],
      1 + (i % 6),
      i % 3 ? "no" : "yes",
    ]),
    "INSERT INTO stages VALUES (?, ?, ?, ?, ?)": Array.from({ length: 60 }, (_, i) => [
      i + 1,
      1 + (i % 24),
      `2024-07-${String(1 + (i % 28)).padStart(2, "0")}`,
      120 + (i % 9) * 11.5,
      180 + (i % 7) * 13,
    ]),
  });
  id = (await importFiles([file], "cycling")).id;
  await whenIndexingIdle();
}, 120_000);
afterAll(() => closeAppDb());

describe("the semantic model API", () => {
  it("serves the model the index run inferred, with the view's base tables read from its SQL", async () => {
    const { status, body } = await call("GET");
    expect(status).toBe(200);
    const model = body.model as SemanticModel;
    expect(semanticTable(model, "team_riders")?.view?.baseTables).toEqual(["riders", "teams"]);
    expect(semanticTable(model, "team_riders")?.view?.evidence).toMatch(/SQL/);
    expect(semanticTable(model, "riders")?.label?.columns).toEqual(["given_name", "family_name"]);
    expect(semanticTable(model, "riders")?.flags[0]).toMatchObject({ column: "retired", trueValues: ["yes"] });
    expect(semanticTable(model, "stages")?.measures.find((m) => m.column === "length_km")?.unit?.unit).toBe("km");
  });

  it("keeps edits across re-indexing, refuses bad ones, and the reasoner's ports read them", async () => {
    const label = { kind: "label", table: "riders", value: { columns: ["family_name"] } };
    const ok = await call("PATCH", {
      set: [label, { kind: "measure", table: "stages", column: "time_min", value: { unit: "h", scale: 1 } }],
    });
    expect(ok.status).toBe(200);
    expect(semanticTable(ok.body.model, "riders")?.label).toMatchObject({ columns: ["family_name"], origin: "user" });
    expect(semanticTable(ok.body.inferred, "riders")?.label?.columns).toEqual(["given_name", "family_name"]);

    expect(
      (await call("PATCH", { set: [{ kind: "label", table: "riders", value: { columns: ["nope"] } }] })).status,
    ).toBe(400);
    expect((await call("PATCH", { set: [{ kind: "label", table: "gone", value: null }] })).status).toBe(400);
    expect((await call("PATCH", { set: [{ kind: "colour", table: "riders" }] })).status).toBe(400);
    expect((await call("PATCH", {})).status).toBe(400);

    const ports = await buildRetrievalPorts(id, { reasoner: "local" });
    expect(semanticTable(ports.semantic, "riders")?.label?.columns).toEqual(["family_name"]);

    await runIndexing(id);
    const after = await call("GET");
    expect(after.body.generation).toBe(2);
    expect(semanticTable(after.body.model, "riders")?.label?.columns).toEqual(["family_name"]);
    expect(
      semanticTable(after.body.model, "stages")?.measures.find((m: { column: string }) => m.column === "time_min")
        ?.unit,
    ).toEqual({ unit: "h", scale: 1 });

    const reset = await call("PATCH", { reset: [{ kind: "label", table: "riders" }] });
    expect(semanticTable(reset.body.model, "riders")?.label?.columns).toEqual(["given_name", "family_name"]);
  });
});
