import { beforeAll, describe, expect, it } from "vitest";
import type { TableMeta } from "../model/dataset";
import { schemaGraphSchema, type SchemaGraph } from "../model/index-types";
import { buildSchemaGraph } from "./schema-graph";
import { columnKey, parseColumnKey } from "../model/column-ref";
import { schoolsSchemaGraph } from "./testing/schools-graph";
import { schoolsDataset } from "./testing/schools";

const tables = schoolsDataset();
let graph: SchemaGraph;

beforeAll(async () => {
  graph = await schoolsSchemaGraph(tables);
});

const edge = (kind: string, s: [string, string], t: [string, string]) =>
  `${kind}:${columnKey(...s)}->${columnKey(...t)}`;

describe("columnKey", () => {
  it("round-trips names with dots and percent signs", () => {
    expect(columnKey("schools", "cdscode")).toBe("schools.cdscode");
    const id = columnKey("a.b", "c%d.e");
    expect(parseColumnKey(id)).toEqual({ table: "a.b", column: "c%d.e" });
    expect(columnKey("a.b", "c")).not.toBe(columnKey("a", "b.c"));
  });
});

describe("buildSchemaGraph", () => {
  it("validates against the zod schema and has one node per column", () => {
    expect(() => schemaGraphSchema.parse(graph)).not.toThrow();
    expect(graph.nodes.length).toBe(tables.reduce((n, t) => n + t.meta.columns.length, 0));
    expect(new Set(graph.edges.map((e) => e.id)).size).toBe(graph.edges.length);
  });

  it("marks declared keys and infers keys for tables without one", () => {
    const pk = (table: string) =>
      graph.nodes.filter((n) => n.table === table && n.isPrimaryKey).map((n) => [n.column, n.primaryKeyOrigin]);
    expect(pk("schools")).toEqual([["cdscode", "declared"]]);
    expect(pk("satscores")).toEqual([["cds", "inferred"]]);
    expect(pk("districts")).toEqual([["districtcode", "inferred"]]);
  });

  it("adds key edges from every other column to the table's key", () => {
    const keyEdges = graph.edges.filter((e) => e.kind === "key" && e.target === "schools.cdscode");
    expect(keyEdges.length).toBe(9);
    expect(graph.edges.find((e) => e.id === edge("key", ["satscores", "sname"], ["satscores", "cds"]))?.origin).toBe(
      "inferred",
    );
  });

  it("keeps declared foreign keys and drops discoveries that repeat them", () => {
    const ids = graph.edges.map((e) => e.id);
    expect(ids).toContain(edge("foreign_key", ["frpm", "cdscode"], ["schools", "cdscode"]));
    expect(ids).not.toContain(edge("discovered", ["frpm", "cdscode"], ["schools", "cdscode"]));
    expect(ids).not.toContain(edge("join", ["frpm", "cdscode"], ["schools", "cdscode"]));
    const sat = graph.edges.find((e) => e.id === edge("discovered", ["satscores", "cds"], ["schools", "cdscode"]))!;
    expect(sat).toMatchObject({ origin: "discovered", label: "satscores.cds = schools.CDSCode" });
    expect(sat.weight).toBe(sat.join!.omega);
  });

  it("draws no edge for a candidate the learned scorer did not pass (it is a suggestion)", () => {
    const metas = tables.map((t) => t.meta);
    const sat = {
      from: { table: "satscores", column: "cds" },
      to: { table: "schools", column: "cdscode" },
      omega: 1.6,
      semantic: 0.6,
      jaccard: 1,
      containment: 1,
      jaccardEstimated: false,
      uniquenessFrom: 1,
      uniquenessTo: 1,
      rule: "omega" as const,
    };
    const id = edge("discovered", ["satscores", "cds"], ["schools", "cdscode"]);
    expect(
      buildSchemaGraph({ tables: metas, joins: [{ ...sat, probability: 0.9, passes: true }] }).edges.map((e) => e.id),
    ).toContain(id);
    expect(
      buildSchemaGraph({ tables: metas, joins: [{ ...sat, probability: 0.1, passes: false }] }).edges.map((e) => e.id),
    ).not.toContain(id);
  });

  it("turns declared join candidates into foreign-key edges without duplicating them", () => {
    const metas = tables.map((t) => t.meta);
    const fk = {
      from: { table: "frpm", column: "cdscode" },
      to: { table: "schools", column: "cdscode" },
      omega: 2,
      semantic: 1,
      jaccard: 1,
      containment: 1,
      jaccardEstimated: false,
      uniquenessFrom: 1,
      uniquenessTo: 1,
      rule: "declared" as const,
    };
    const withTables = buildSchemaGraph({ tables: metas, joins: [fk] });
    expect(withTables.edges.filter((e) => e.kind === "foreign_key").length).toBe(1);
    const withoutFks = buildSchemaGraph({ tables: metas.map((m) => ({ ...m, foreignKeys: [] })), joins: [fk] });
    expect(withoutFks.edges.filter((e) => e.kind === "foreign_key").map((e) => e.label)).toEqual([
      "frpm.CDSCode = schools.CDSCode",
    ]);
  });

  it("adds curated edges whose endpoints exist", () => {
    const curated = graph.edges.filter((e) => e.origin === "curated");
    expect(curated.map((e) => [e.kind, e.label])).toEqual([
      ["context", "average over test takers"],
      ["derivation", "derivation"],
    ]);
  });

  it("links same-named primary keys of different tables (SGAM eq. 5) but not generic ids", () => {
    const col = (name: string, isPrimaryKey: boolean) => ({
      name,
      sqlName: name.toLowerCase(),
      type: "integer" as const,
      position: 0,
      isPrimaryKey,
      nullable: false,
    });
    const t = (name: string, cols: TableMeta["columns"]): Pick<TableMeta, "name" | "columns" | "foreignKeys"> => ({
      name,
      columns: cols,
      foreignKeys: [],
    });
    const g = buildSchemaGraph({
      tables: [
        t("GV", [col("CASEID", true), col("VEHNO", true), col("id", true)]),
        t("OCC", [col("CASEID", true), col("VEHNO", true), col("OCCNO", true), col("id", true), col("AGE", false)]),
      ],
    });
    const joins = g.edges.filter((e) => e.kind === "join").map((e) => e.label);
    expect(joins).toEqual(["GV.CASEID = OCC.CASEID", "GV.VEHNO = OCC.VEHNO"]);
    expect(g.edges.filter((e) => e.kind === "key" && e.source === "OCC.age").length).toBe(4);
  });
});

describe("same-name key joins", () => {
  const keyed = (n: number, key: string): TableMeta[] =>
    Array.from({ length: n }, (_, i) => ({
      name: `t${i}`,
      sqlName: `t${i}`,
      schemaName: "main",
      source: "sqlite" as const,
      sourceFile: "x.sqlite",
      isView: false,
      rowCount: 1,
      columns: [
        { name: key, sqlName: key, type: "integer" as const, position: 0, isPrimaryKey: true, nullable: false },
      ],
      foreignKeys: [],
      layout: null,
      notes: [],
    }));

  it("joins a few tables whose keys share a name, pair by pair", () => {
    const g = buildSchemaGraph({ tables: keyed(5, "store_no") });
    expect(g.edges.filter((e) => e.kind === "join")).toHaveLength(10);
    expect(g.notes).toBeUndefined();
  });

  it("infers nothing from a key name 3,000 tables share, says so, and stays fast", () => {
    const start = performance.now();
    const g = buildSchemaGraph({
      tables: [...keyed(3000, "a"), ...keyed(3, "store_no").map((t) => ({ ...t, name: `s${t.name}` }))],
    });
    expect(performance.now() - start).toBeLessThan(2000);
    expect(g.nodes).toHaveLength(3003);
    expect(g.edges.filter((e) => e.kind === "join")).toHaveLength(3);
    expect(g.notes).toEqual([
      '3,000 tables have a key named "a": more than 20 (MAX_SAME_NAME_KEY_TABLES), ' +
        "so no join is inferred from that name alone.",
    ]);
  });
});
