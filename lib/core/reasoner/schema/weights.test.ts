import { describe, expect, it } from "vitest";
import type { AnswerInput } from "../answer/input";
import { planAnswer } from "../programs/planner";
import { Resolver } from "./resolve";
import { shopCondition, shopInput } from "../testing/shop-input";
import { weightColumn } from "./weights";

/** The shop with its order lines aggregated: each row's `count` says how many lines it stands for. */
function countedShop(question: string, constraints: Parameters<typeof shopInput>[1] = []): AnswerInput {
  const input = shopInput(question, constraints);
  return {
    ...input,
    columns: input.columns.map((c) =>
      c.table === "order_lines" && c.column === "quantity"
        ? { ...c, column: "count", name: "count", words: ["count"], own: ["count"] }
        : c,
    ),
  };
}

describe("weightColumn", () => {
  it("finds the one tally column of a table, never in a table without one", () => {
    const r = new Resolver(countedShop("How many order lines are there?"));
    expect(weightColumn(r, "order_lines")?.column).toBe("count");
    expect(weightColumn(r, "orders")).toBeNull();
  });

  it("does not take a quantity for a tally: it counts units of what a row is about", () => {
    expect(weightColumn(new Resolver(shopInput("How many order lines are there?")), "order_lines")).toBeNull();
    const plan = planAnswer(shopInput("How many lines were there for Brazil?"));
    expect(plan.select.map((s) => [s.fn, s.column?.column ?? null])).toEqual([["count", null]]);
  });
});

describe("planAnswer with weighted rows", () => {
  it("totals the tally when the counted noun names its table", () => {
    const plan = planAnswer(countedShop("How many lines were there for Brazil?"));
    expect(plan.select.map((s) => [s.fn, s.column?.column ?? null])).toEqual([["sum", "count"]]);
  });

  it("counts rows of a table without a tally", () => {
    const plan = planAnswer(countedShop("How many orders were placed?"));
    expect(plan.select.map((s) => [s.fn, s.column?.column ?? null])).toEqual([["count", null]]);
  });

  it("ranks groups by the tally's total for 'the most …'", () => {
    const plan = planAnswer(countedShop("Which customer has the most lines?"));
    expect(plan.orderBy?.item.fn).toBe("sum");
    expect(plan.orderBy?.item.column?.column).toBe("count");
  });

  it("takes a share of the tally's total", () => {
    const cond = shopCondition("order_lines", "product", "=", "tea");
    const plan = planAnswer(countedShop("What percentage of all lines were tea?", [cond]));
    expect(plan.special?.kind).toBe("percentage");
    expect(plan.special && "column" in plan.special ? plan.special.column?.column : null).toBe("count");
  });
});
