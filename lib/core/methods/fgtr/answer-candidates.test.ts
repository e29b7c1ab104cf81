import { describe, expect, it } from "vitest";
import type { ProgramShape } from "../../reasoner/rank/features";
import { createRecorder } from "../../trace";
import { runFgtr } from "./run-fgtr";
import { sampleSetup } from "../../retrieval/testing/setup";

type Collected = Array<{ sql: string; operation: string; shape: ProgramShape }>;

/** The candidates the answer step generates for a question on the sample schools database. */
async function candidatesFor(question: string) {
  const { engine, ports } = await sampleSetup();
  let collected: Collected = [];
  ports.programs = { ranker: null, collect: async (_q, c) => void (collected = c) };
  await runFgtr(question, { ranker: "rules" }, ports, createRecorder());
  return { engine, candidates: collected };
}

const norm = (rows: unknown[][]) => rows.map((r) => JSON.stringify(r)).sort();

describe("candidate programs of the local answer step", () => {
  it("starts with the rule plan, stays bounded and every candidate runs", async () => {
    const { engine, candidates } = await candidatesFor("Which district has the most schools?");
    expect(candidates[0].shape.fromRules).toBe(true);
    expect(candidates.filter((c) => c.shape.fromRules)).toHaveLength(1);
    expect(candidates.length).toBeGreaterThan(10);
    expect(candidates.length).toBeLessThanOrEqual(200);
    expect(new Set(candidates.map((c) => c.sql)).size).toBe(candidates.length);
    for (const c of candidates) expect(() => engine.rows(c.sql), c.sql).not.toThrow();
  });

  it("counts, aggregates and takes the argmax of a group's count through the join", async () => {
    const { engine, candidates } = await candidatesFor("Which district has the most schools?");
    const kinds = new Set(candidates.map((c) => c.operation));
    for (const k of ["project", "count", "group-argmax", "group-argmin", "group-aggregate"]) expect(kinds).toContain(k);
    const argmax = candidates.find(
      (c) => c.operation === "group-argmax" && /JOIN/.test(c.sql) && /districts/.test(c.sql),
    );
    // Every district tied for the most schools, not one of them.
    expect(argmax?.sql).toMatch(/GROUP BY .* HAVING COUNT\(\*\) = \(SELECT MAX\(/);
    const counts = engine.rows(
      "SELECT d.name, count(*) FROM districts d JOIN schools s ON s.district_id = d.district_id GROUP BY d.district_id",
    );
    const max = Math.max(...counts.map((c) => Number(c[1])));
    expect(new Set(engine.rows(argmax!.sql).map((r) => r[0]))).toEqual(
      new Set(counts.filter((c) => c[1] === max).map((c) => c[0])),
    );
  });

  it("orders by a numeric column for superlatives and sums, averages, min and max", async () => {
    const { engine, candidates } = await candidatesFor("Which school has the highest number of test takers?");
    const argmax = candidates.find((c) => c.operation === "argmax" && /NumTstTakr/.test(c.sql));
    expect(argmax?.sql).toMatch(/"NumTstTakr"\)? = \(SELECT MAX\(/);
    const max = candidates.find((c) => c.operation === "aggregate-max" && /NumTstTakr/.test(c.sql));
    expect(norm(engine.rows(max!.sql))).toEqual(norm(engine.rows("SELECT max(NumTstTakr) FROM satscores")));
    for (const fn of ["sum", "avg", "min"])
      expect(candidates.some((c) => c.operation === `aggregate-${fn}`)).toBe(true);
  });

  it("groups with HAVING on the question's number", async () => {
    const { engine, candidates } = await candidatesFor("Which districts have more than 3 schools?");
    const having = candidates.find((c) => c.operation === "having" && /HAVING COUNT\(\*\) > 3/.test(c.sql));
    expect(having).toBeDefined();
    expect(() => engine.rows(having!.sql)).not.toThrow();
  });

  it("intersects and excepts two values of one column ('both X and Y')", async () => {
    const { engine, candidates } = await candidatesFor(
      "Which cities have schools with funding Directly funded and Locally funded?",
    );
    const both = candidates.find((c) => c.shape.tags.includes("setop:intersect"));
    expect(both?.sql).toMatch(/ INTERSECT /);
    expect(candidates.some((c) => c.shape.tags.includes("setop:except") && / EXCEPT /.test(c.sql))).toBe(true);
    expect(() => engine.rows(both!.sql)).not.toThrow();
  });
});
