import { describe, expect, it } from "vitest";
import { buildSchemaGraph } from "../../index/schema-graph";
import type { TableMeta } from "../../model/dataset";
import { squaredMinMax } from "./attribute-retrieval";
import { joinFromPaths, searchPaths } from "./path-search";
import { mergePaths, prunePath } from "./prune-merge";

const col = (name: string, isPrimaryKey = false) => ({ name, sqlName: name, type: "text" as const, isPrimaryKey });
const table = (name: string, columns: ReturnType<typeof col>[], foreignKeys: TableMeta["foreignKeys"] = []) =>
  ({ name, columns, foreignKeys }) as unknown as TableMeta;

// The Olympics example of Appendix A.4: person ← games_competitor → games.
const tables = [
  table("person", [col("id", true), col("full_name")]),
  table("games", [col("id", true), col("games_name")]),
  table(
    "games_competitor",
    [col("id", true), col("person_id"), col("games_id"), col("age")],
    [
      { columns: ["person_id"], refTable: "person", refColumns: ["id"] },
      { columns: ["games_id"], refTable: "games", refColumns: ["id"] },
    ],
  ),
];
const tableOf = (id: string) => id.split(".")[0];

describe("SGAM path search, pruning and merging", () => {
  it("finds the paths of Appendix A.4, all ending at the hub table's key", () => {
    const graph = buildSchemaGraph({ tables });
    const r = searchPaths(graph, ["person.full_name", "games.games_name", "games_competitor.age"]);
    expect(r.anchor).toBe("games_competitor");
    expect(r.paths.map((p) => p.nodes)).toEqual([
      ["person.full_name", "person.id", "games_competitor.person_id", "games_competitor.id"],
      ["games.games_name", "games.id", "games_competitor.games_id", "games_competitor.id"],
      ["games_competitor.age", "games_competitor.id"],
    ]);
    expect(joinFromPaths(r.paths, r.anchor!, tableOf).tables).toEqual(["games_competitor", "person", "games"]);
  });

  it("prunes each path at its last inter-table edge (eq. 10) and merges chains that share their key", () => {
    const graph = buildSchemaGraph({ tables });
    const r = searchPaths(graph, ["person.full_name", "games_competitor.age"]);
    const pruned = r.paths.map((p) => prunePath(p, tableOf));
    expect(pruned[0].nodes).toEqual(["games_competitor.person_id", "games_competitor.id"]);
    expect(pruned[0].cause).toMatchObject({ source: "games_competitor.person_id", target: "person.id" });
    expect(pruned[1].cause).toBeNull();
    const merged = mergePaths(pruned);
    expect(merged).toHaveLength(1);
    expect(merged[0]).toMatchObject({ terminal: "games_competitor.id", members: ["P1", "P2"] });
    expect(merged[0].nodes).toEqual(["games_competitor.person_id", "games_competitor.id", "games_competitor.age"]);
  });

  it("chooses the deepest of a table's keys as the terminal (eq. 8) and reports attributes it cannot reach", () => {
    const t = [
      table("occ", [col("caseid", true), col("occno", true), col("age")]),
      table("island", [col("name", true), col("size")]),
    ];
    const r = searchPaths(buildSchemaGraph({ tables: t }), ["occ.age", "island.size"]);
    expect(r.paths).toHaveLength(1);
    expect(r.paths[0].terminal).toMatch(/^occ\./);
    expect(r.unreachable).toEqual(["island.size"]);
  });

  it("follows a curated derivation edge between tables", () => {
    const t = [table("a", [col("id", true), col("tag")]), table("b", [col("ref", true), col("city")])];
    const plain = buildSchemaGraph({ tables: t });
    expect(searchPaths(plain, ["a.tag", "b.city"]).unreachable).toHaveLength(1);
    const curated = buildSchemaGraph({
      tables: t,
      curated: [{ source: "a.tag", target: "b.ref", kind: "derivation", label: "tag is ref" }],
    });
    const r = searchPaths(curated, ["a.tag", "b.city"]);
    expect(r.unreachable).toEqual([]);
    expect(r.paths.flatMap((p) => p.edges).some((e) => e.origin === "curated")).toBe(true);
  });

  it("squares and min-max normalises similarities (eq. 2)", () => {
    expect(squaredMinMax([0.2, 0.5, 0.4])).toEqual([0, 1, expect.closeTo((0.16 - 0.04) / (0.25 - 0.04), 6)]);
    expect(squaredMinMax([0.3, 0.3])).toEqual([0, 0]);
  });
});
