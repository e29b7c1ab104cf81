import { describe, expect, it } from "vitest";
import type { JoinCandidate } from "../model/index-types";
import { JOIN_FEATURES, joinCompetition, joinFeatures, nameStems, type JoinSide } from "./join-features";

function side(table: string, name: string, over: Partial<JoinSide> = {}): JoinSide {
  return {
    table,
    column: name,
    name,
    type: "integer",
    rowCount: 100,
    distinct: 100,
    uniqueness: 1,
    nullShare: 0,
    min: 1,
    max: 100,
    isTableKey: false,
    isFirstColumn: false,
    ...over,
  };
}

function candidate(from: JoinSide, to: JoinSide, over: Partial<JoinCandidate> = {}): JoinCandidate {
  return {
    from: { table: from.table, column: from.column },
    to: { table: to.table, column: to.column },
    omega: 1.2,
    semantic: 0.5,
    jaccard: 0.7,
    containment: 1,
    jaccardEstimated: false,
    rule: "omega",
    uniquenessFrom: from.uniqueness,
    uniquenessTo: to.uniqueness,
    ...over,
  };
}

const feature = (x: number[], name: (typeof JOIN_FEATURES)[number]) => x[JOIN_FEATURES.indexOf(name)];

describe("join features", () => {
  it("splits CamelCase and snake_case names into singular stems", () => {
    expect(nameStems("ModelId")).toEqual(["model", "id"]);
    expect(nameStems("car_makers")).toEqual(["car", "maker"]);
    expect(nameStems("countries")).toEqual(["country"]);
    expect(nameStems("address")).toEqual(["address"]);
  });

  it("sees the referenced table's name inside the referencing column's name", () => {
    const from = side("model_list", "Maker", { uniqueness: 0.3, distinct: 30 });
    const to = side("car_makers", "Id", { isTableKey: true, isFirstColumn: true });
    const x = joinFeatures(candidate(from, to), from, to);
    expect(feature(x, "fromNamesToTable")).toBe(0.5); // "maker" of car, maker
    expect(feature(x, "toGenericKeyName")).toBe(1);
    expect(feature(x, "toIsTableKey")).toBe(1);
    const unrelated = side("model_list", "ModelId");
    expect(feature(joinFeatures(candidate(unrelated, to), unrelated, to), "fromNamesToTable")).toBe(0);
  });

  it("marks two gap-free 1..N integer keys whose names do not relate as a likely chance overlap", () => {
    const a = side("car_makers", "Id", { max: 22, distinct: 22 });
    const b = side("model_list", "ModelId", { max: 36, distinct: 36 });
    const x = joinFeatures(candidate(a, b), a, b);
    expect(feature(x, "sequentialBoth")).toBe(1);
    expect(feature(x, "surrogateWithoutNames")).toBe(1);
    const sparse = side("orders", "customer_ref", { min: 1000, max: 90_000, distinct: 50 });
    expect(feature(joinFeatures(candidate(sparse, b), sparse, b), "sequentialBoth")).toBe(0);
  });

  it("derives containment the other way from the distinct counts", () => {
    const from = side("orders", "customer_id", { distinct: 10, uniqueness: 0.1 });
    const to = side("customers", "id", { distinct: 40 });
    const x = joinFeatures(candidate(from, to, { containment: 1 }), from, to);
    expect(feature(x, "containmentFromInTo")).toBe(1);
    expect(feature(x, "containmentToInFrom")).toBeCloseTo(0.25);
  });

  it("compares a candidate with the others sharing its columns", () => {
    const [a, b, c] = [side("t1", "x"), side("t2", "y"), side("t3", "z")];
    const joins = [candidate(a, b, { omega: 1.5 }), candidate(a, c, { omega: 0.9 })];
    const k = joinCompetition(joins);
    expect(k[1]).toMatchObject({ bestOmegaOfFrom: 1.5, candidatesOfFrom: 2, candidatesOfTo: 1 });
    expect(feature(joinFeatures(joins[1], a, c, k[1]), "omegaGapToBestOfFrom")).toBeCloseTo(0.6);
  });
});
