import { describe, expect, it } from "vitest";
import { MAX_JOIN_CANDIDATES, MAX_JOINS_PER_COLUMN } from "../model/limits";
import { DEFAULT_JOIN_THRESHOLD, discoverJoins } from "./join-discovery";
import { typesCompatible } from "./type-compat";
import { valueSketch } from "./value-sketch";
import { declaredJoins } from "./declared-joins";
import { prepareJoinColumns } from "./testing/prepare";
import { schoolsDataset } from "./testing/schools";

const { columns } = prepareJoinColumns(schoolsDataset());
const pair = (c: { from: { table: string; column: string }; to: { table: string; column: string } }) =>
  `${c.from.table}.${c.from.column} -> ${c.to.table}.${c.to.column}`;

describe("typesCompatible", () => {
  it("lets codes meet across integer and text but keeps reals and booleans out", () => {
    expect(typesCompatible("text", "text")).toBe(true);
    expect(typesCompatible("integer", "text")).toBe(true);
    expect(typesCompatible("text", "real")).toBe(false);
    expect(typesCompatible("real", "real")).toBe(false);
    expect(typesCompatible("date", "integer")).toBe(false);
    expect(typesCompatible("boolean", "boolean")).toBe(false);
  });
});

describe("discoverJoins", () => {
  it("finds the key joins of the schools dataset, oriented child -> parent", async () => {
    const found = (await discoverJoins(columns)).map(pair);
    expect(found).toContain("schools.districtcode -> districts.districtcode");
    expect(found).toContain("frpm.cdscode -> schools.cdscode");
    // satscores covers few schools: Jaccard is low, the inclusion rule keeps it.
    expect(found).toContain("satscores.cds -> schools.cdscode");
  });

  it("keeps same-named measures and unrelated columns out", async () => {
    const found = (await discoverJoins(columns)).map(pair);
    for (const bad of ["enroll12", "enrollment", "weather.", "latitude", "zip", "county -> ", "city"]) {
      expect(
        found.filter((f) => f.includes(bad)),
        bad,
      ).toEqual([]);
    }
  });

  it("reports the parts of ω for each candidate and ranks by ω", async () => {
    const found = await discoverJoins(columns);
    for (const c of found) {
      expect(c.omega).toBeCloseTo((c.semantic + c.jaccard) * Math.max(c.uniquenessFrom, c.uniquenessTo), 10);
      expect(c.omega >= DEFAULT_JOIN_THRESHOLD || c.rule === "inclusion").toBe(true);
    }
    for (let i = 1; i < found.length; i++) expect(found[i - 1].omega).toBeGreaterThanOrEqual(found[i].omega);
    const sat = found.find((c) => pair(c) === "satscores.cds -> schools.cdscode")!;
    expect(sat).toMatchObject({ rule: "inclusion", containment: 1, jaccardEstimated: false });
    expect(sat.jaccard).toBeLessThan(0.3);
    expect(sat.semantic).toBeGreaterThan(0.5);
  });

  it("exposes the threshold and can turn the inclusion rule off", async () => {
    const loose = await discoverJoins(columns, { threshold: 0.5 });
    const strict = await discoverJoins(columns, { threshold: 1.5, minContainment: 2 });
    expect(loose.length).toBeGreaterThan(strict.length);
    expect(strict.map(pair)).toEqual([
      "schools.districtcode -> districts.districtcode",
      "frpm.cdscode -> schools.cdscode",
    ]);
  });

  it("returns declared keys with their scores, whatever ω says", async () => {
    const declared = declaredJoins(schoolsDataset().map((t) => t.meta));
    expect(declared).toEqual([
      {
        from: { table: "frpm", column: "cdscode" },
        to: { table: "schools", column: "cdscode" },
        fromName: "CDSCode",
        toName: "CDSCode",
      },
    ]);
    const found = await discoverJoins(columns, { declared, threshold: 5, minContainment: 2 });
    expect(found.length).toBe(1);
    expect(found[0]).toMatchObject({
      rule: "declared",
      from: { table: "frpm" },
      to: { table: "schools" },
      containment: 1,
    });
    expect(found[0].semantic).toBeGreaterThan(0.95);
    const all = await discoverJoins(columns, { declared });
    expect(all.filter((c) => pair(c) === "frpm.cdscode -> schools.cdscode").map((c) => c.rule)).toEqual(["declared"]);
  });

  it("skips columns of incompatible types even when values overlap", async () => {
    const a = {
      table: "a",
      column: "x",
      name: "code",
      type: "text" as const,
      uniqueness: 1,
      sketch: valueSketch(["1.5", "2.5", "3.5", "4.5", "5.5"]),
    };
    const b = {
      table: "b",
      column: "y",
      name: "code",
      type: "real" as const,
      uniqueness: 1,
      sketch: valueSketch([1.5, 2.5, 3.5, 4.5, 5.5]),
    };
    expect(await discoverJoins([a, b], { threshold: 0 })).toEqual([]);
    const c = { ...b, type: "integer" as const, sketch: valueSketch([1, 2, 3, 4, 5]) };
    const d = { ...a, sketch: valueSketch(["1", "2", "3", "4", "5"]) };
    expect((await discoverJoins([c, d])).length).toBe(1);
  });

  it("keeps the strongest candidates only: 300 same-named keys give 2,000, not 44,850 pairs, and say so", async () => {
    const ids = Array.from({ length: 20 }, (_, i) => i + 1);
    const many = Array.from({ length: 300 }, (_, i) => ({
      table: `t${i}`,
      column: "a",
      name: "a",
      type: "integer" as const,
      uniqueness: 1,
      sketch: valueSketch(ids),
    }));
    let passed = 0;
    const found = await discoverJoins(many, { onCut: (n) => (passed = n) });
    expect(found).toHaveLength(MAX_JOIN_CANDIDATES);
    // Each column kept at most its MAX_JOINS_PER_COLUMN strongest while the search ran.
    expect(passed).toBeGreaterThan(MAX_JOIN_CANDIDATES);
    expect(passed).toBeLessThanOrEqual(300 * MAX_JOINS_PER_COLUMN);
  });
});
