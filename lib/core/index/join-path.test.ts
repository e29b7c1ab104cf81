import { beforeAll, describe, expect, it } from "vitest";
import type { SchemaGraph } from "../model/index-types";
import { joinTree, shortestJoinPath } from "./join-path";
import { buildSchemaGraph } from "./schema-graph";
import { schoolsSchemaGraph } from "./testing/schools-graph";

let graph: SchemaGraph;

beforeAll(async () => {
  graph = await schoolsSchemaGraph();
});

describe("shortestJoinPath", () => {
  it("joins satscores to frpm through schools with the edges in order", () => {
    const p = shortestJoinPath(graph, "satscores", "frpm")!;
    expect(p.tables).toEqual(["satscores", "schools", "frpm"]);
    expect(p.edges.map((e) => e.label)).toEqual(["satscores.cds = schools.CDSCode", "frpm.CDSCode = schools.CDSCode"]);
    expect(p.edges.map((e) => e.origin)).toEqual(["discovered", "declared"]);
  });

  it("takes a strong direct discovered join over a detour", () => {
    // District names repeat in the fixture, yet ω ranks the name join high: the path shows it.
    const p = shortestJoinPath(graph, "satscores", "districts")!;
    expect(p.edges.map((e) => e.label)).toEqual(["satscores.dname = districts.DistrictName"]);
  });

  it("mixes declared and discovered edges", () => {
    const p = shortestJoinPath(graph, "frpm", "districts")!;
    expect(p.edges.map((e) => e.origin)).toEqual(["declared", "discovered"]);
  });

  it("returns null for unconnected tables and an empty path for one table", () => {
    expect(shortestJoinPath(graph, "weather", "schools")).toBeNull();
    expect(shortestJoinPath(graph, "nope", "schools")).toBeNull();
    expect(shortestJoinPath(graph, "schools", "schools")).toEqual({ tables: ["schools"], edges: [], cost: 0 });
  });

  it("prefers two trusted hops over one weak discovered join", () => {
    const col = (name: string) => ({
      name,
      sqlName: name,
      type: "text" as const,
      position: 0,
      isPrimaryKey: name === "id",
      nullable: false,
    });
    const weak = {
      from: { table: "a", column: "x" },
      to: { table: "c", column: "id" },
      omega: 0.9,
      semantic: 0.5,
      jaccard: 0.4,
      containment: 0.5,
      jaccardEstimated: false,
      uniquenessFrom: 0.5,
      uniquenessTo: 1,
      rule: "omega" as const,
    };
    const g = buildSchemaGraph({
      tables: [
        {
          name: "a",
          columns: [col("id"), col("x"), col("b_id")],
          foreignKeys: [{ columns: ["b_id"], refTable: "b", refColumns: ["id"] }],
        },
        {
          name: "b",
          columns: [col("id"), col("c_id")],
          foreignKeys: [{ columns: ["c_id"], refTable: "c", refColumns: ["id"] }],
        },
        { name: "c", columns: [col("id")], foreignKeys: [] },
      ],
      joins: [weak],
    });
    expect(shortestJoinPath(g, "a", "c")!.tables).toEqual(["a", "b", "c"]);
    expect(shortestJoinPath(g, "a", "c", (e) => (e.origin === "discovered" ? 0.5 : 1))!.tables).toEqual(["a", "c"]);
  });

  it("returns every column pair of a composite foreign key", () => {
    const col = (name: string, pk = false) => ({
      name,
      sqlName: name,
      type: "integer" as const,
      position: 0,
      isPrimaryKey: pk,
      nullable: false,
    });
    const g = buildSchemaGraph({
      tables: [
        { name: "vehicle", columns: [col("caseid", true), col("vehno", true), col("make")], foreignKeys: [] },
        {
          name: "occupant",
          columns: [col("occno", true), col("case_ref"), col("veh_ref")],
          foreignKeys: [{ columns: ["case_ref", "veh_ref"], refTable: "vehicle", refColumns: ["caseid", "vehno"] }],
        },
      ],
    });
    const p = shortestJoinPath(g, "occupant", "vehicle")!;
    expect(p.edges.map((e) => e.label)).toEqual([
      "occupant.case_ref = vehicle.caseid",
      "occupant.veh_ref = vehicle.vehno",
    ]);
    expect(p.cost).toBe(1);
  });
});

describe("joinTree", () => {
  it("connects several tables through the tables between them", () => {
    const t = joinTree(graph, ["satscores", "frpm", "districts"])!;
    expect(new Set(t.tables)).toEqual(new Set(["satscores", "schools", "frpm", "districts"]));
    expect(t.edges.length).toBe(3);
    expect(joinTree(graph, ["satscores", "weather"])).toBeNull();
    expect(joinTree(graph, [])).toEqual({ tables: [], edges: [], cost: 0 });
  });
});
