import { describe, expect, it } from "vitest";
import { readPlan, shownReading } from "./reading";
import { shopCondition, shopInput, shopPlan } from "../testing/shop-input";

describe("readings", () => {
  const input = shopInput("How many orders did Danish customers place?", [
    shopCondition("customers", "country", "=", "Denmark"),
  ]);
  const plan = shopPlan(input, { select: [{ fn: "count", column: null, distinct: false }] });

  it("shows people which table a condition is on when it is not the counted one", () => {
    expect(shownReading(plan, input)).toBe('the number of orders whose customer\'s country is "Denmark"');
  });

  it("keeps the ranker's reading as it was trained on", () => {
    expect(readPlan(plan, input)).toBe('number of orders whose country is "Denmark"');
  });
});
