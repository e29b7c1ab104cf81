import { describe, expect, it } from "vitest";
import { planAnswer } from "./planner";
import { Resolver } from "./resolve";
import { shopCondition, shopInput } from "./testing-input";
import { weightColumn } from "./weights";

describe("weightColumn", () => {
  it("finds the one tally column of a table, never in a table without one", () => {
    const r = new Resolver(shopInput("How many order lines are there?"));
    expect(weightColumn(r, "order_lines")?.column).toBe("quantity");
    expect(weightColumn(r, "orders")).toBeNull();
  });
});

describe("planAnswer with weighted rows", () => {
  it("totals the tally when the counted noun names its table", () => {
    const plan = planAnswer(shopInput("How many lines were there for Brazil?"));
    expect(plan.select.map((s) => [s.fn, s.column?.column ?? null])).toEqual([["sum", "quantity"]]);
  });

  it("counts rows of a table without a tally", () => {
    const plan = planAnswer(shopInput("How many orders were placed?"));
    expect(plan.select.map((s) => [s.fn, s.column?.column ?? null])).toEqual([["count", null]]);
  });

  it("ranks groups by the tally's total for 'the most …'", () => {
    const input = shopInput("Which customer has the most lines?");
    const plan = planAnswer(input);
    expect(plan.orderBy?.item.fn).toBe("sum");
    expect(plan.orderBy?.item.column?.column).toBe("quantity");
  });

  it("takes a share of the tally's total", () => {
    const cond = shopCondition("order_lines", "product", "=", "tea");
    const plan = planAnswer(shopInput("What percentage of all lines were tea?", [cond]));
    expect(plan.special?.kind).toBe("percentage");
    expect(plan.special && "column" in plan.special ? plan.special.column?.column : null).toBe("quantity");
  });
});
