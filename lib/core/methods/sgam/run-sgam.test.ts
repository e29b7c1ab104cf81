import { describe, expect, it } from "vitest";
import { createRecorder, type TraceEventOf } from "../../trace";
import { sampleSetup } from "../../retrieval/testing/setup";
import { runSgam } from "./run-sgam";

const ofType = <T extends string>(events: readonly { type: string }[], type: T) =>
  events.filter((e) => e.type === type) as unknown as TraceEventOf<T & TraceEventOf<never>["type"]>[];

describe("runSgam end to end on the sample schools (local reasoner)", () => {
  it("answers a two-hop count through the path search, with the whole trace", async () => {
    const { engine, ports } = await sampleSetup();
    const expected = engine.rows(
      `SELECT count(*) FROM schools s JOIN districts d ON d.district_id = s.district_id JOIN counties c ON ` +
        `c.county_id = d.county_id WHERE c.name = 'Contra Costa' AND s.funding = 'Directly funded'`,
    )[0][0];
    const sink = createRecorder();
    const r = await runSgam("How many schools in Contra Costa county are directly funded?", {}, ports, sink);
    const kinds = sink.events.map((e) => e.type);
    for (const k of [
      "question-parse",
      "attribute-retrieval",
      "schema-path",
      "join-path",
      "column-range",
      "cell-hits",
      "sql",
    ])
      expect(kinds).toContain(k);
    const parse = sink.events.find((e) => e.type === "question-parse");
    expect(parse).toMatchObject({
      mainQuestion: "How many schools",
      conditions: ["in Contra Costa county", "are directly funded"],
    });
    expect(r.attributes.some((a) => a.table === "counties" && a.column === "name")).toBe(true);
    expect(r.attributes.some((a) => a.table === "schools" && a.column === "funding")).toBe(true);
    expect(r.tables).toEqual(expect.arrayContaining(["schools", "districts", "counties"]));
    expect(r.answer.values).toEqual([expected]);
    const statuses = new Set(
      sink.events.filter((e) => e.type === "schema-path").map((e) => (e as { status: string }).status),
    );
    expect([...statuses].sort()).toEqual(["found", "merged", "pruned"]);
    expect(r.answer.evidence.length).toBeGreaterThan(0);
  });

  it("keeps paths inside their anchor table after pruning (eq. 10)", async () => {
    const { ports } = await sampleSetup();
    const sink = createRecorder();
    const r = await runSgam("What is the average SAT math score of schools in Fresno county?", {}, ports, sink);
    const pruned = sink.events.filter((e) => e.type === "schema-path" && e.status === "pruned") as Array<{
      nodes: string[];
      cause?: unknown;
    }>;
    expect(pruned.length).toBeGreaterThan(0);
    for (const p of pruned) expect(new Set(p.nodes.map((n) => n.split(".")[0])).size).toBe(1);
    expect(r.answer.sql).toMatch(/AVG/i);
    void ofType;
  });
});
