import { describe, expect, it } from "vitest";
import type { Constraint } from "../answer/input";
import { Resolver } from "../schema/resolve";
import { twoSided } from "./special-plans";
import { shopCondition, shopInput } from "../testing/shop-input";

function sides(question: string, condition: Constraint, values: Array<string | number>) {
  const input = shopInput(question, [{ ...condition, predicate: { ...condition.predicate, values } }]);
  return twoSided(input, new Resolver(input), "orders", input.constraints);
}

describe("twoSided: what each side of a comparison measures", () => {
  it("totals an amount over the rows of each year", () => {
    const s = sides(
      "How much more freight did we pay in 2004 than in 2003?",
      shopCondition("orders", "order_date", "starts-with", "2004"),
      ["2004", "2003"],
    );
    expect(s).toMatchObject({ kind: "difference", fn: "sum", column: { column: "freight" } });
  });

  it("keeps one value when each side names one row", () => {
    const s = sides(
      "How much more freight did order 7 cost than order 8?",
      shopCondition("orders", "order_id", "=", 7),
      [7, 8],
    );
    expect(s).toMatchObject({ kind: "difference", fn: null });
  });
});

describe("twoSided: an attribute compared over many rows", () => {
  it("averages it", () => {
    const s = sides(
      "How much heavier is the freight of Danish orders than of Swedish orders?",
      shopCondition("customers", "country", "in", "Denmark"),
      ["Denmark", "Sweden"],
    );
    expect(s).toMatchObject({ kind: "difference", fn: "avg" });
  });
});
