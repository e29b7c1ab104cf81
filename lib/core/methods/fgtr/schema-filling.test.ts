import { describe, expect, it } from "vitest";
import { createRecorder, type TraceEventOf } from "../../trace";
import { fillSchema, fillingEdgeCost } from "./schema-filling";
import { sampleSetup } from "../../retrieval/testing/setup";

describe("schema filling", () => {
  it("adds primary keys and the shortest path's join keys, and reports the path with each edge's origin", async () => {
    const { ports } = await sampleSetup();
    const sink = createRecorder();
    const filled = fillSchema(
      [
        { table: "counties", column: "name" },
        { table: "satscores", column: "NumTstTakr" },
      ],
      ports,
      sink,
      { enabled: true },
    );
    expect(filled.tables).toEqual(expect.arrayContaining(["counties", "districts", "schools", "satscores"]));
    expect(filled.added).toEqual(
      expect.arrayContaining([
        { table: "counties", column: "county_id", reason: "primary-key" },
        { table: "districts", column: "district_id", reason: "primary-key" },
        { table: "satscores", column: "cds", reason: "join-key" },
        { table: "districts", column: "county_id", reason: "join-key" },
      ]),
    );
    const path = sink.events.find((e): e is TraceEventOf<"join-path"> => e.type === "join-path")!;
    expect(path.tables).toHaveLength(4);
    expect(path.edges.map((e) => e.origin)).toEqual(["declared", "declared", "declared"]);
    expect(sink.events.some((e) => e.type === "schema-fill")).toBe(true);
  });

  it("can be switched off, and falls back to a named table when no column was voted for", async () => {
    const { ports } = await sampleSetup();
    const off = fillSchema([{ table: "schools", column: "name" }], ports, createRecorder(), { enabled: false });
    expect(off.columns).toEqual([{ table: "schools", column: "name" }]);
    const none = fillSchema([], ports, createRecorder(), { enabled: true, fallbackTable: "counties" });
    expect(none).toMatchObject({ tables: ["counties"], columns: [{ table: "counties", column: "county_id" }] });
  });

  it("prefers declared keys over a discovered edge between two id columns", async () => {
    const { ports } = await sampleSetup();
    const cost = fillingEdgeCost(ports.graph);
    const declared = ports.graph.edges.find((e) => e.origin === "declared" && e.kind === "foreign_key")!;
    expect(cost(declared)).toBe(1);
    expect(cost({ ...declared, origin: "discovered", kind: "discovered", weight: 2 })).toBeGreaterThan(2);
  });
});
