import { describe, expect, it } from "vitest";
import type { QueryPlan } from "./plan";
import { readPlan, shownReading } from "./reading";
import { shopCondition, shopInput } from "./testing-input";

describe("readings", () => {
  const input = shopInput("How many orders did Danish customers place?", [
    shopCondition("customers", "country", "=", "Denmark"),
  ]);
  const plan: QueryPlan = {
    operation: "count",
    mainTable: "orders",
    select: [{ fn: "count", column: null, distinct: false }],
    where: input.constraints,
    negation: null,
    groupBy: [],
    having: null,
    orderBy: null,
    rowOrder: null,
    limit: null,
    distinct: false,
    extraTables: [],
    special: null,
    notes: [],
  };

  it("shows people which table a condition is on when it is not the counted one", () => {
    expect(shownReading(plan, input)).toBe('number of orders whose customers\' country is "Denmark"');
  });

  it("keeps the ranker's reading as it was trained on", () => {
    expect(readPlan(plan, input)).toBe('number of orders whose country is "Denmark"');
  });
});
